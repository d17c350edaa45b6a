import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Hint } from '../../../app/layout/modalForm';
import type { DigestForm, ScopeChoice } from '../formState';
import type { DomainChoices } from '../useDomainChoices';
import '../locale';

const Boxes = styled.div`
  display: grid;
  gap: 6px;
  max-height: 200px;
  overflow-y: auto;
  padding: 2px;
`;

type Props = {
  form: DigestForm;
  choices: DomainChoices;
  set: <K extends keyof DigestForm>(key: K, value: DigestForm[K]) => void;
};

const scopes: ScopeChoice[] = ['all', 'group', 'domains'];

/** Which domains a user's report covers: all, one group, or the domains ticked. */
export function ScopeFields({ form, choices, set }: Props) {
  const { t } = useTranslation('digests');
  const toggle = (id: number, on: boolean) =>
    set('specificDomains', on ? [...form.specificDomains, id] : form.specificDomains.filter((d) => d !== id));
  return (
    <fieldset>
      <legend>{t('form.scope')}</legend>
      {scopes.map((s) => (
        <label key={s} className="check">
          <input
            type="radio"
            name="digest-scope"
            value={s}
            checked={form.scope === s}
            onChange={() => set('scope', s)}
          />
          {t(`form.scopes.${s}`)}
        </label>
      ))}
      {choices.failed && <Hint>{t('form.choicesFailed')}</Hint>}
      {form.scope === 'group' && (
        <label>
          {t('form.group')}
          <select value={form.domainGroup} onChange={(e) => set('domainGroup', e.target.value)}>
            <option value="">{t('form.chooseGroup')}</option>
            {choices.groups.map((g) => (
              <option key={g.id} value={String(g.id)}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {form.scope === 'domains' && (
        <Boxes role="group" aria-label={t('form.domains')}>
          {choices.domains.length === 0 && <Hint>{t('form.noDomains')}</Hint>}
          {choices.domains.map((d) => (
            <label key={d.id} className="check">
              <input
                type="checkbox"
                checked={form.specificDomains.includes(d.id)}
                onChange={(e) => toggle(d.id, e.target.checked)}
              />
              {d.name}
            </label>
          ))}
        </Boxes>
      )}
    </fieldset>
  );
}
