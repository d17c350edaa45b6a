import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { Modal } from '../../../components/Modal';
import { selectTokenData } from '../../auth';
import { ListState } from '../../../components/ListState';
import { Pager } from '../../../components/Pager';
import { Button, PrimaryButton } from '../../../components/Button';
import { ExportCsvButton } from '../../analytics';
import { ListToolbar } from '../../../components/ListToolbar';
import { sendersList } from '../emailSendersApi';
import {
  emailSenderDeleteResource,
  emailSenderSaveResource,
  emailSendersResource,
  networksRecalculateResource,
  networksRefreshResource,
} from '../emailSendersResources';
import type { EmailSender } from '../emailSendersApi';
import { SenderFormModal } from './SenderFormModal';
import { SendersTable } from './SendersTable';

type Editing = { sender: EmailSender | null } | null;

/** The installation-wide email sender catalogue: everyone reads it, support users change it. */
export function EmailSendersSection() {
  const { t } = useTranslation('emailSenders');
  const dispatch = useAppDispatch();
  const canEdit = useAppSelector(selectTokenData)?.isSupport ?? false;
  const { data, isLoading, error } = useAppSelector(emailSendersResource.selectors.selectState);
  const recalculating = useAppSelector(networksRecalculateResource.selectors.selectIsLoading);
  const saveStatus = useAppSelector(emailSenderSaveResource.selectors.selectStatus);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<EmailSender | null>(null);
  const page = data?.meta.page ?? 1;
  const pageCount = data ? Math.max(1, Math.ceil(data.meta.count / data.meta.pageSize)) : 1;
  const load = (p: number) => dispatch(emailSendersResource.actions.request({ page: p, search }));

  useEffect(() => {
    dispatch(emailSendersResource.actions.request({ page: 1, search }));
  }, [dispatch, search]);

  const actions = canEdit && (
    <>
      <PrimaryButton type="button" onClick={() => setEditing({ sender: null })}>
        {t('list.add')}
      </PrimaryButton>{' '}
      <Button
        type="button"
        disabled={recalculating}
        aria-busy={recalculating}
        onClick={() => dispatch(networksRecalculateResource.actions.request())}
      >
        {t('list.recalculate')}
      </Button>
    </>
  );
  const confirmDelete = () => {
    if (deleting) dispatch(emailSenderDeleteResource.actions.request(Number(deleting.id)));
    setDeleting(null);
  };

  return (
    <section aria-labelledby="email-senders-title">
      <ListToolbar id="email-senders" label={t('list.search')} onSearch={setSearch}>
        {actions}
      </ListToolbar>
      <LoadingPanel
        isLoading={isLoading}
        title={<span id="email-senders-title">{t('list.title')}</span>}
        headerButtons={
          <ExportCsvButton
            url={sendersList}
            params={search ? { search } : {}}
            fileName="email-senders.csv"
            label={t('list.export')}
          />
        }
      >
        {!canEdit && <p>{t('list.readOnly')}</p>}
        <ListState
          isLoading={isLoading}
          error={error}
          hasData={!!data}
          isEmpty={(data?.data.length ?? 0) === 0}
          emptyText={search ? t('list.noMatch') : t('list.empty')}
          onRetry={() => load(page)}
        >
          <SendersTable
            senders={data?.data ?? []}
            canEdit={canEdit}
            onEdit={(sender) => setEditing({ sender })}
            onDelete={setDeleting}
            onRefresh={(sender) => dispatch(networksRefreshResource.actions.request(Number(sender.id)))}
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
        <SenderFormModal
          key={editing.sender?.id ?? 'new'}
          sender={editing.sender}
          onClose={() => {
            setEditing(null);
            // A save that failed after its first step may have created the sender: show it to update.
            if (saveStatus === 'failure') load(1);
          }}
        />
      )}
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
        <p>{t('delete.text', { name: deleting?.attributes.name ?? '' })}</p>
      </Modal>
    </section>
  );
}
