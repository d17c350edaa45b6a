import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Field } from '../../../app/layout/formControls';
import { LoadingButton } from '../../../components/LoadingButton';
import { Select, sortOptions, type SelectOption } from '../../../components/Select';
import { domainsResource } from '../../domains';
import { userDomainsResource, userDomainsUpdateResource } from '../userDomainsResources';

type Props = { user: number; name: string };

const toOptions = (names: string[]): SelectOption<string>[] =>
  sortOptions(names.map((n) => ({ label: n, value: n })));

/** Which of the organization's domains a member sees (GET, PATCH /users/{id}/domains/); none: all of them. */
export function UserDomainsEditor({ user, name }: Props) {
  const { t } = useTranslation('users');
  const dispatch = useAppDispatch();
  const assigned = useAppSelector(userDomainsResource.selectors.selectState);
  const update = useAppSelector(userDomainsUpdateResource.selectors.selectState);
  const domains = useAppSelector(domainsResource.selectors.selectState);
  const [selected, setSelected] = useState<SelectOption<string>[] | null>(null);
  useEffect(() => {
    dispatch(domainsResource.actions.request());
    dispatch(userDomainsResource.actions.request(user));
    // Another user's list must not show while the next one loads.
    return () => {
      dispatch(userDomainsResource.actions.reset());
    };
  }, [dispatch, user]);

  const loading = assigned.isLoading || domains.isLoading;
  const failed = (assigned.error && !assigned.data) || (domains.error && !domains.data);
  const current = toOptions((assigned.data ?? []).map((d) => d.attributes.name));
  const value = selected ?? current;
  const options = toOptions((domains.data ?? []).map((d) => d.attributes.name));
  const inputId = `user-domains-${user}`;
  const save = () => {
    const body = { user, domains: value.map((o) => o.value) };
    dispatch(userDomainsUpdateResource.actions.request(body));
  };

  if (failed) return <p role="alert">{assigned.error?.message ?? domains.error?.message}</p>;
  return (
    <div aria-busy={loading}>
      <p>{t('domains.hint', { name })}</p>
      <Field>
        <label htmlFor={inputId}>{t('domains.label')}</label>
        <Select
          isMulti
          inputId={inputId}
          options={options}
          value={value}
          onChange={setSelected}
          isLoading={loading}
          placeholder={t('domains.all')}
        />
      </Field>
      {!loading && options.length === 0 && <p>{t('domains.noDomains')}</p>}
      <LoadingButton type="button" isLoading={update.isLoading} onClick={save} disabled={loading}>
        {t('domains.save')}
      </LoadingButton>
    </div>
  );
}
