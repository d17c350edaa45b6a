import { useTranslation } from 'react-i18next';
import type { Condition } from '../alertsApi';
import '../locale';

type ParamValue = number | boolean | string;
type Props = {
  condition: Condition | undefined;
  values: Record<string, ParamValue>;
  onChange: (name: string, value: ParamValue) => void;
};

/** One field per parameter of the condition, as the catalogue (GET /conditions/) describes it. */
export function ParamsFields({ condition, values, onChange }: Props) {
  const { t } = useTranslation('alerts');
  const params = condition?.attributes.params ?? [];
  if (params.length === 0) return null;
  return (
    <fieldset>
      <legend>{t('form.parameters')}</legend>
      {params.map((p) => {
        const label = t(`params.${p.name}`, { defaultValue: p.name });
        const value = values[p.name] ?? p.default;
        const id = `alert-param-${p.name}`;
        if (p.type === 'boolean')
          return (
            <label key={p.name} className="check">
              <input
                id={id}
                type="checkbox"
                checked={value === true}
                onChange={(event) => onChange(p.name, event.target.checked)}
              />
              {label}
            </label>
          );
        if (p.type === 'choice')
          return (
            <label key={p.name}>
              {label}
              <select
                id={id}
                value={String(value)}
                onChange={(event) => onChange(p.name, event.target.value)}
              >
                {(p.choices ?? []).map((c) => (
                  <option key={c} value={c}>
                    {t(`choices.${c}`, { defaultValue: c })}
                  </option>
                ))}
              </select>
            </label>
          );
        const unit = p.unit ? t(`units.${p.unit}`) : '';
        return (
          <label key={p.name}>
            {unit ? `${label} (${unit})` : label}
            <input
              id={id}
              type="number"
              inputMode={p.type === 'integer' ? 'numeric' : 'decimal'}
              step={p.type === 'integer' ? 1 : 'any'}
              min={p.min ?? undefined}
              max={p.max ?? undefined}
              value={String(value)}
              // An emptied field sends its text, so the server names the problem instead of a silent default.
              onChange={(event) =>
                onChange(p.name, event.target.value === '' ? '' : Number(event.target.value))
              }
            />
          </label>
        );
      })}
    </fieldset>
  );
}
