import { useTranslation } from 'react-i18next';
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import { formatCount, formatDay } from '../../../i18n/format';
import type { SeriesId, TimeSeries } from '../types';
import { ChartFigure } from './ChartFigure';

const drawn: SeriesId[] = ['messages', 'dmarc_passed', 'dmarc_failed'];

/** Messages per day with DMARC passed and failed (the time-series call's points), with its table. */
export function TimeSeriesChart({ series }: { series: TimeSeries }) {
  const { t, i18n } = useTranslation('analytics');
  const { colors } = useTheme();
  const color: Record<string, string> = {
    messages: colors.primary,
    dmarc_passed: colors.success,
    dmarc_failed: colors.error,
  };
  const byId = new Map(series.map((s) => [s.id, s.attributes.points]));
  const days = byId.get('messages')?.map((p) => p.x) ?? [];
  const data = days.map((x, i) => {
    const point: Record<string, string | number> = { x };
    for (const id of drawn) point[id] = byId.get(id)?.[i]?.y ?? 0;
    return point;
  });
  const day = (x: unknown) => formatDay(String(x), i18n.language);
  const count = (v: unknown) => formatCount(Number(v), i18n.language);
  const rows = data.map((d) => ({
    label: day(d.x),
    cells: drawn.map((id) => formatCount(Number(d[id]), i18n.language)),
  }));
  const headers = [t('columns.date'), ...drawn.map((id) => t(`series.${id}`))];
  return (
    <ChartFigure
      id="time-series"
      title={t('overview.timeSeries')}
      headers={headers}
      rows={rows}
      foldedLabel={t('overview.showData')}
    >
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={data} margin={{ left: 8, right: 16 }}>
          <CartesianGrid stroke={colors.border} strokeDasharray="3 3" />
          <XAxis dataKey="x" stroke={colors.textMuted} tickFormatter={day} />
          <YAxis stroke={colors.textMuted} allowDecimals={false} tickFormatter={count} />
          <Tooltip
            contentStyle={{ background: colors.surface, color: colors.text }}
            labelFormatter={day}
            formatter={count}
          />
          <Legend />
          {drawn.map((id) => (
            <Area
              key={id}
              type="monotone"
              dataKey={id}
              name={t(`series.${id}`)}
              stroke={color[id]}
              fill={color[id]}
              fillOpacity={id === 'messages' ? 0.15 : 0.35}
              isAnimationActive={false}
            />
          ))}
        </AreaChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
