import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SelectControl } from '../../../app/layout/controls';
import { Field } from '../../../app/layout/formControls';
import { PageFrame } from '../../../app/layout/PageFrame';
import { DateInput } from '../../../components/DateInput';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { TextField } from '../../../components/TextField';
import { PlainTable } from '../../../components/PlainTable';
import { TableWrap } from '../../../components/Table';
import { auditOperationLabel } from '../auditOperationLabel';
import type { AuditFilter } from '../settingsApi';
import { auditResource } from '../settingsResources';
import { formatDateTime } from '../../../i18n/format';
import { Button, PrimaryButton } from '../../../components/Button';

const initial: AuditFilter = { user: '', operation: '', dateFrom: '', dateTo: '', page: 1 };

/** Settings → Auditing: the organization's operations, newest first, filtered by user, operation and date. */
export function AuditingPage() {
  const { t, i18n } = useTranslation('settings');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(auditResource.selectors.selectState);
  const [filter, setFilter] = useState<AuditFilter>(initial);
  const [draft, setDraft] = useState<AuditFilter>(initial);
  useEffect(() => {
    dispatch(auditResource.actions.request(filter));
  }, [dispatch, filter]);
  const set = (field: keyof AuditFilter) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...draft, page: 1 });
  };
  const rows = data?.data ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.meta.count / data.meta.pageSize)) : 1;
  return (
    <PageFrame pageId="auditing">
      <LoadingPanel isLoading={isLoading} title={t('audit.title')}>
        <form onSubmit={submit} aria-label={t('audit.filters')}>
          <TextField
            id="audit-user"
            label={t('audit.user')}
            value={draft.user}
            onChange={set('user')}
            inputMode="numeric"
          />
          <Field>
            <label htmlFor="audit-operation">{t('audit.operation')}</label>
            <SelectControl
              id="audit-operation"
              value={draft.operation}
              onChange={(e) => set('operation')(e.target.value)}
            >
              <option value="">{t('audit.allOperations')}</option>
              {(data?.meta.operations ?? []).map((name) => (
                <option key={name} value={name}>
                  {auditOperationLabel(t, name)}
                </option>
              ))}
            </SelectControl>
          </Field>
          <Field>
            <label htmlFor="audit-from">{t('audit.from')}</label>
            <DateInput id="audit-from" value={draft.dateFrom} onChange={set('dateFrom')} optional />
          </Field>
          <Field>
            <label htmlFor="audit-to">{t('audit.to')}</label>
            <DateInput id="audit-to" value={draft.dateTo} onChange={set('dateTo')} optional />
          </Field>
          <PrimaryButton type="submit">{t('audit.apply')}</PrimaryButton>
        </form>
        {error && !data && <p role="alert">{error.message}</p>}
        {data && rows.length === 0 && <p>{t('audit.empty')}</p>}
        {rows.length > 0 && (
          <TableWrap>
            <PlainTable>
              <caption className="visually-hidden">{t('audit.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('audit.date')}</th>
                  <th scope="col">{t('audit.operation')}</th>
                  <th scope="col">{t('audit.user')}</th>
                  <th scope="col">{t('audit.status')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((op) => (
                  <tr key={op.id}>
                    <td>{formatDateTime(op.attributes.date, i18n.language)}</td>
                    <td title={op.attributes.name}>{auditOperationLabel(t, op.attributes.name)}</td>
                    <td>{op.attributes.user ?? t('audit.noUser')}</td>
                    <td>{op.attributes.response.status}</td>
                  </tr>
                ))}
              </tbody>
            </PlainTable>
          </TableWrap>
        )}
        {pages > 1 && (
          <nav aria-label={t('audit.pages')}>
            <Button
              type="button"
              disabled={filter.page <= 1}
              onClick={() => setFilter((f) => ({ ...f, page: f.page - 1 }))}
            >
              {t('audit.prev')}
            </Button>
            <span>{t('audit.pageOf', { page: filter.page, pages })}</span>
            <Button
              type="button"
              disabled={filter.page >= pages}
              onClick={() => setFilter((f) => ({ ...f, page: f.page + 1 }))}
            >
              {t('audit.next')}
            </Button>
          </nav>
        )}
      </LoadingPanel>
    </PageFrame>
  );
}
