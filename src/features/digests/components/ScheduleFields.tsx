import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { digestFrequencies, digestTimeFrames } from '../../../../contract/digests';
import type { DigestForm, Frequency, TimeFrame } from '../formState';
import { hourText, weekdayName } from '../format';
import { Hint } from '../../../app/layout/modalForm';
import '../locale';

type Props = {
  form: DigestForm;
  fixed: boolean;
  set: <K extends keyof DigestForm>(key: K, value: DigestForm[K]) => void;
};

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Every zone the browser knows, for suggestions; the server checks the name against its own list. */
function zoneNames(): string[] {
  const intl = Intl as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    return [];
  }
}

const zones = zoneNames();

// Some 400 options: drawn once, not again on every change of the form.
const ZoneList = memo(function ZoneList() {
  return (
    <datalist id="digest-zones">
      {zones.map((z) => (
        <option key={z} value={z} />
      ))}
    </datalist>
  );
});

/** When the report goes out: frequency (a user's report), day, hour, zone, and the period it covers. */
export function ScheduleFields({ form, fixed, set }: Props) {
  const { t, i18n } = useTranslation('digests');
  return (
    <fieldset>
      <legend>{t('form.when')}</legend>
      {fixed ? (
        <Hint>{t(`form.fixed.${form.frequency}`)}</Hint>
      ) : (
        <label>
          {t('form.frequency')}
          <select value={form.frequency} onChange={(e) => set('frequency', e.target.value as Frequency)}>
            {digestFrequencies.map((f) => (
              <option key={f} value={f}>
                {t(`frequency.${f}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      {form.frequency === 'weekly' && (
        <label>
          {t('form.dayOfWeek')}
          <select value={form.dayOfWeek} onChange={(e) => set('dayOfWeek', Number(e.target.value))}>
            {range(1, 7).map((d) => (
              <option key={d} value={d}>
                {weekdayName(d, i18n.language)}
              </option>
            ))}
          </select>
        </label>
      )}
      {form.frequency === 'monthly' && (
        <label>
          {t('form.dayOfMonth')}
          <select value={form.dayOfMonth} onChange={(e) => set('dayOfMonth', Number(e.target.value))}>
            {range(1, 31).map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
          {form.dayOfMonth > 28 && <Hint>{t('form.shortMonths')}</Hint>}
        </label>
      )}
      <label>
        {t('form.hour')}
        <select value={form.hour} onChange={(e) => set('hour', Number(e.target.value))}>
          {range(0, 23).map((h) => (
            <option key={h} value={h}>
              {hourText(h)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('form.timeZone')}
        <input
          value={form.timeZone}
          list="digest-zones"
          autoComplete="off"
          spellCheck={false}
          maxLength={64}
          onChange={(e) => set('timeZone', e.target.value)}
        />
        <ZoneList />
      </label>
      {!fixed && (
        <label>
          {t('form.timeFrame')}
          <select value={form.timeFrame} onChange={(e) => set('timeFrame', e.target.value as TimeFrame)}>
            {digestTimeFrames.map((f) => (
              <option key={f} value={f}>
                {t(`timeFrames.${f}`)}
              </option>
            ))}
          </select>
        </label>
      )}
    </fieldset>
  );
}
