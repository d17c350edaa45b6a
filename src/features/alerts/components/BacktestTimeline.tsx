import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { formatDay } from '../../../i18n/format';
import type { Backtest } from '../alertsApi';
import { firingSpans, type TimelineDay, type TimelineRow } from '../backtestSpans';
import { formatObserved } from '../format';
import '../locale';

/** Rows drawn; the others are counted under them ("and 3 more subjects"). */
export const shownRows = 10;

const Figure = styled.figure`
  margin: 10px 0 0;

  figcaption {
    font-size: 0.85rem;
    color: ${({ theme }) => theme.colors.textMuted};
    margin-bottom: 6px;
  }
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 12px;
  list-style: none;
  margin: 0 0 8px;
  padding: 0;
  font-size: 0.8rem;

  li {
    display: flex;
    align-items: center;
    gap: 4px;
  }
`;

const Row = styled.div`
  margin-bottom: 8px;

  .subject {
    font-size: 0.85rem;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

// One column per day; a firing span is its cells drawn edge to edge, clear days a thin bar, a recovery a
// dot on the day it cleared, a day with no data an empty outline.
const Track = styled.div`
  position: relative;
  display: grid;
  grid-template-columns: repeat(var(--days), minmax(0, 1fr));
  height: 22px;
  border-radius: 4px;
  cursor: crosshair;
`;

const Cell = styled.span`
  position: relative;
  display: flex;
  align-items: center;
  justify-content: center;

  &::before {
    content: '';
    display: block;
    width: calc(100% - 2px);
    height: 6px;
    border-radius: 2px;
  }

  &[data-state='ok']::before {
    background: ${({ theme }) => theme.colors.textMuted};
    opacity: 0.45;
  }

  &[data-state='no_data']::before {
    height: 0;
    border-top: 2px dotted ${({ theme }) => theme.colors.textMuted};
    border-radius: 0;
    background: none;
  }

  &[data-state='firing']::before {
    flex: 1;
    width: auto;
    height: 16px;
    border-radius: 0;
    background: ${({ theme }) => theme.colors.error};
  }

  &[data-start]::before {
    border-top-left-radius: 4px;
    border-bottom-left-radius: 4px;
    margin-left: 1px;
  }

  &[data-end]::before {
    border-top-right-radius: 4px;
    border-bottom-right-radius: 4px;
    margin-right: 1px;
  }

  &[data-state='recovered']::before {
    width: 12px;
    height: 12px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.success};
  }

  &[data-active]::after {
    content: '';
    position: absolute;
    inset: -2px 0;
    border: 2px solid ${({ theme }) => theme.colors.text};
    border-radius: 3px;
  }
`;

const Swatch = styled(Cell)`
  width: 16px;
  height: 16px;
`;

const Tip = styled.div`
  position: absolute;
  bottom: calc(100% + 6px);
  z-index: 2;
  max-width: min(320px, 100%);
  padding: 6px 8px;
  font-size: 0.8rem;
  line-height: 1.35;
  white-space: normal;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 4px;
  box-shadow: 0 2px 6px rgb(0 0 0 / 25%);
  pointer-events: none;
`;

const Axis = styled.div`
  display: flex;
  justify-content: space-between;
  font-size: 0.8rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Muted = styled.p`
  margin: 4px 0 0;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const states = ['firing', 'recovered', 'ok', 'no_data'] as const;

/** The backtest's subjects over its 30 days: firings as spans, recoveries as marks, each day's numbers on hover or focus. */
export function BacktestTimeline({ result }: { result: Backtest }) {
  const { t, i18n } = useTranslation('alerts');
  const lang = i18n.language;
  const rows = result.timeline.slice(0, shownRows);
  const more = result.timelineSubjects - rows.length;
  const day = (d: string) => formatDay(d, lang);
  return (
    <Figure aria-labelledby="alert-backtest-caption">
      <figcaption id="alert-backtest-caption">{t('backtestTimeline.caption')}</figcaption>
      <Legend aria-hidden="true">
        {states.map((s) => (
          <li key={s}>
            <Swatch
              data-state={s}
              data-start={s === 'firing' || undefined}
              data-end={s === 'firing' || undefined}
            />
            {t(`backtestTimeline.states.${s}`)}
          </li>
        ))}
      </Legend>
      {rows.map((row) => (
        <SubjectRow key={row.subject} row={row} />
      ))}
      <Axis aria-hidden="true">
        <span>{day(result.from)}</span>
        <span>{day(result.to)}</span>
      </Axis>
      {more > 0 && <Muted>{t('backtestTimeline.more', { count: more })}</Muted>}
      <ul className="visually-hidden" aria-label={t('backtestTimeline.spans')}>
        {rows.flatMap((row) =>
          firingSpans(row.days).map((s) => {
            const at = (i: number) => day(row.days[i]!.day);
            const span =
              s.from === s.to
                ? t('backtestTimeline.spanDay', { subject: row.subject, day: at(s.from) })
                : t('backtestTimeline.spanRange', { subject: row.subject, from: at(s.from), to: at(s.to) });
            const last = row.days.length - 1;
            const text =
              s.recovered !== null
                ? t('backtestTimeline.spanRecovered', { span, day: at(s.recovered) })
                : s.to === last && s.from !== s.to
                  ? t('backtestTimeline.spanOpen', { span, day: at(last) })
                  : span;
            return <li key={`${row.subject}-${s.from}`}>{text}</li>;
          }),
        )}
      </ul>
    </Figure>
  );
}

/**
 * One subject's days. The track is a slider over the days (one tab stop per row): the arrow keys move the
 * day, whose state and values the tooltip shows and the slider's value text reads out.
 */
function SubjectRow({ row }: { row: TimelineRow }) {
  const { t, i18n } = useTranslation('alerts');
  const lang = i18n.language;
  const [active, setActive] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const [open, setOpen] = useState(false);
  const days = row.days;
  const last = days.length - 1;
  // Focus starts on the first day that fired, else the last day.
  const start = Math.max(
    0,
    days.findIndex((d) => d.fired),
  );
  const current = active ?? (days.some((d) => d.fired) ? start : last);
  const describe = (d: TimelineDay) => {
    const state = d.fired ? t('backtestTimeline.fired') : t(`backtestTimeline.states.${d.state}`);
    const values = formatObserved(d.observed, lang, t);
    const shown = formatDay(d.day, lang);
    return values
      ? t('backtestTimeline.dayValues', { day: shown, state, values })
      : t('backtestTimeline.day', { day: shown, state });
  };
  const onKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowLeft: current - 1,
      ArrowDown: current - 1,
      ArrowRight: current + 1,
      ArrowUp: current + 1,
      Home: 0,
      End: last,
    };
    // Escape closes the tooltip first, marked handled so the dialog stays open (src/components/Modal.tsx).
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      return;
    }
    if (!(e.key in moves)) return;
    e.preventDefault();
    setOpen(true);
    setActive(Math.min(last, Math.max(0, moves[e.key]!)));
  };
  const shown = open ? current : null;
  // The tooltip sits over the day, kept inside the track near its ends.
  const place =
    shown === null
      ? {}
      : shown < days.length / 3
        ? { left: 0 }
        : shown > (2 * days.length) / 3
          ? { right: 0 }
          : { left: `${((shown + 0.5) / days.length) * 100}%`, transform: 'translateX(-50%)' };
  return (
    <Row>
      <div className="subject" title={row.subject} aria-hidden="true">
        {row.subject}
      </div>
      <Track
        role="slider"
        tabIndex={0}
        aria-label={t('backtestTimeline.row', { subject: row.subject })}
        aria-valuemin={1}
        aria-valuemax={days.length}
        aria-valuenow={current + 1}
        aria-valuetext={describe(days[current]!)}
        style={{ ['--days' as string]: days.length }}
        onKeyDown={onKey}
        onFocus={() => {
          setFocused(true);
          setOpen(true);
        }}
        onBlur={() => {
          setFocused(false);
          setOpen(false);
          setActive(null);
        }}
        onMouseLeave={() => {
          if (focused) return;
          setOpen(false);
          setActive(null);
        }}
      >
        {days.map((d, i) => (
          <Cell
            key={d.day}
            data-state={d.state}
            data-start={(d.state === 'firing' && (d.fired || days[i - 1]?.state !== 'firing')) || undefined}
            data-end={
              (d.state === 'firing' && (days[i + 1]?.state !== 'firing' || days[i + 1]?.fired)) || undefined
            }
            data-active={shown === i || undefined}
            data-day={d.day}
            onMouseEnter={() => {
              setActive(i);
              setOpen(true);
            }}
          />
        ))}
        {shown !== null && (
          <Tip role="tooltip" style={place}>
            {describe(days[shown]!)}
          </Tip>
        )}
      </Track>
    </Row>
  );
}
