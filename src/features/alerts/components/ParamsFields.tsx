import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldProblems } from '../../../app/layout/FieldProblems';
import type { Condition } from '../alertsApi';
import '../locale';

type ParamValue = number | boolean | string;
type Param = Condition['attributes']['params'][number];
type Props = {
  condition: Condition | undefined;
  values: Record<string, ParamValue>;
  /** A refused save's messages by parameter name, shown under each field. */
  problems?: Record<string, string[]>;
  onChange: (name: string, value: ParamValue) => void;
};

/** One field per parameter of the condition, as the catalogue (GET /conditions/) describes it. */
export function ParamsFields({ condition, values, problems = {}, onChange }: Props) {
  const { t } = useTranslation('alerts');
  const params = condition?.attributes.params ?? [];
  if (params.length === 0) return null;
  return (
    <fieldset>
      <legend>{t('form.parameters')}</legend>
      {params.map((p) => (
        <Fragment key={p.name}>
          <ParamField
            param={p}
            value={values[p.name] ?? p.default}
            problems={problems[p.name]}
            onChange={onChange}
          />
          <FieldProblems id={`alert-param-${p.name}-problem`} messages={problems[p.name] ?? []} />
        </Fragment>
      ))}
    </fieldset>
  );
}

type FieldProps = {
  param: Param;
  value: ParamValue;
  problems: string[] | undefined;
  onChange: (name: string, value: ParamValue) => void;
};

function ParamField({ param: p, value, problems, onChange }: FieldProps) {
  const { t } = useTranslation('alerts');
  const label = t(`params.${p.name}`, { defaultValue: p.name });
  const id = `alert-param-${p.name}`;
  const invalid = problems?.length ? { 'aria-invalid': true, 'aria-describedby': `${id}-problem` } : {};
  if (p.type === 'boolean')
    return (
      <label className="check">
        <input
          id={id}
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(p.name, event.target.checked)}
          {...invalid}
        />
        {label}
      </label>
    );
  if (p.type === 'choice')
    return (
      <label>
        {label}
        <select
          id={id}
          value={String(value)}
          onChange={(event) => onChange(p.name, event.target.value)}
          {...invalid}
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
    <label>
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
        onChange={(event) => onChange(p.name, event.target.value === '' ? '' : Number(event.target.value))}
        {...invalid}
      />
    </label>
  );
}
