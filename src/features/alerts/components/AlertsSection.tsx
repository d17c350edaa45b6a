import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { Modal } from '../../../components/Modal';
import { Pager } from '../../../components/Pager';
import { ListToolbar } from '../../../components/ListToolbar';
import { ListState } from '../../../components/ListState';
import { Button, PrimaryButton } from '../../../components/Button';
import type { Alert } from '../alertsApi';
import {
  alertDeleteResource,
  alertsResource,
  alertToggleResource,
  conditionsResource,
} from '../alertsResources';
import { AlertFormModal } from './AlertFormModal';
import { AlertsTable } from './AlertsTable';
import { FiringsModal } from './FiringsModal';
import '../locale';

type Editing = { alert: Alert | null } | null;

/** Monitoring → Alerts: the organization's rules, their state, and the form that makes them. */
export function AlertsSection() {
  const { t } = useTranslation('alerts');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(alertsResource.selectors.selectState);
  const toggling = useAppSelector(alertToggleResource.selectors.selectIsLoading);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [history, setHistory] = useState<Alert | null>(null);
  const [deleting, setDeleting] = useState<Alert | null>(null);
  const page = data?.meta.page ?? 1;
  const pageCount = data ? Math.max(1, Math.ceil(data.meta.count / data.meta.pageSize)) : 1;
  const load = (p: number) => dispatch(alertsResource.actions.request({ page: p, search }));

  useEffect(() => {
    dispatch(conditionsResource.actions.request());
  }, [dispatch]);

  useEffect(() => {
    dispatch(alertsResource.actions.request({ page: 1, search }));
  }, [dispatch, search]);

  const confirmDelete = () => {
    if (deleting) dispatch(alertDeleteResource.actions.request(Number(deleting.id)));
    setDeleting(null);
  };

  return (
    <section aria-labelledby="alerts-title">
      <ListToolbar id="alerts" label={t('list.search')} onSearch={setSearch}>
        <PrimaryButton type="button" onClick={() => setEditing({ alert: null })}>
          {t('list.add')}
        </PrimaryButton>
      </ListToolbar>
      <LoadingPanel isLoading={isLoading} title={<span id="alerts-title">{t('list.title')}</span>}>
        <ListState
          isLoading={isLoading}
          error={error}
          hasData={!!data}
          isEmpty={(data?.data.length ?? 0) === 0}
          emptyText={search ? t('list.noMatch') : t('list.empty')}
          onRetry={() => load(page)}
        >
          <AlertsTable
            alerts={data?.data ?? []}
            busy={toggling}
            onToggle={(alert, isActive) =>
              dispatch(alertToggleResource.actions.request({ id: Number(alert.id), isActive }))
            }
            onEdit={(alert) => setEditing({ alert })}
            onHistory={setHistory}
            onDelete={setDeleting}
          />
          <Pager
            page={page}
            pageCount={pageCount}
            count={data?.meta.count ?? 0}
            onPage={load}
            label={t('list.paging')}
          />
        </ListState>
      </LoadingPanel>
      {editing && (
        <AlertFormModal
          key={editing.alert?.id ?? 'new'}
          alert={editing.alert}
          onClose={() => setEditing(null)}
        />
      )}
      {history && <FiringsModal key={history.id} alert={history} onClose={() => setHistory(null)} />}
      <Modal
        isOpen={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('delete.title')}
        footer={
          <>
            <Button type="button" onClick={() => setDeleting(null)}>
              {t('form.cancel')}
            </Button>
            <PrimaryButton type="button" onClick={confirmDelete}>
              {t('delete.confirm')}
            </PrimaryButton>
          </>
        }
      >
        <p>{t('delete.text', { name: deleting?.attributes.name || t('list.unnamed') })}</p>
      </Modal>
    </section>
  );
}
