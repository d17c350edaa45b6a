import { useTranslation } from 'react-i18next';
import { FieldProblems } from '../../../app/layout/FieldProblems';
import type { AlertForm } from '../formState';
import '../locale';

type TargetProps = {
  form: AlertForm;
  targets: { value: string; label: string }[];
  problems: string[];
  onChange: (v: string) => void;
};

const problemId = 'alert-target-problem';

/** The scope's target: a domain (typed, with the organization's domains offered), a group, an IP. */
export function TargetField({ form, targets, problems, onChange }: TargetProps) {
  const { t } = useTranslation('alerts');
  if (form.scopeType === 'organization') return null;
  const invalid = problems.length > 0 ? { 'aria-invalid': true, 'aria-describedby': problemId } : {};
  const isDomain = form.scopeType === 'domain';
  return (
    <>
      {form.scopeType === 'domain_group' ? (
        <label>
          {t('form.group')}
          <select value={form.target} onChange={(e) => onChange(e.target.value)} {...invalid}>
            <option value="">{t('form.chooseGroup')}</option>
            {targets.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <label>
          {isDomain ? t('form.domain') : t('form.ip')}
          <input
            value={form.target}
            list={isDomain ? 'alert-domains' : undefined}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => onChange(e.target.value)}
            {...invalid}
          />
          {isDomain && (
            <datalist id="alert-domains">
              {targets.map((o) => (
                <option key={o.value} value={o.value} />
              ))}
            </datalist>
          )}
        </label>
      )}
      <FieldProblems id={problemId} messages={problems} />
    </>
  );
}
