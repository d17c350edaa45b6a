import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { Pager } from '../../../components/Pager';
import { ListToolbar } from '../../../components/ListToolbar';
import { ListState } from '../../../components/ListState';
import { PrimaryButton } from '../../../components/Button';
import type { Digest, DigestType } from '../digestsApi';
import {
  digestDeleteResource,
  digestSendNowResource,
  digestsResource,
  organizationDigestsResource,
} from '../digestsResources';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DigestFormModal } from './DigestFormModal';
import { DigestsTable } from './DigestsTable';
import { OrganizationDigests } from './OrganizationDigests';
import { PreviewModal } from './PreviewModal';
import { SendsModal } from './SendsModal';
import '../locale';

type Editing = { type: DigestType; digest: Digest | null } | null;

const typeOf = (d: Digest) => d.attributes.reportType as DigestType;
const refOf = (d: Digest) => ({ type: typeOf(d), id: Number(d.id) });

/** Monitoring → Reports: the organization's digests, the user's scheduled reports, and what to do with them. */
export function DigestsSection() {
  const { t } = useTranslation('digests');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(digestsResource.selectors.selectState);
  const organization = useAppSelector(organizationDigestsResource.selectors.selectState);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [previewing, setPreviewing] = useState<Digest | null>(null);
  const [history, setHistory] = useState<Digest | null>(null);
  const [deleting, setDeleting] = useState<Digest | null>(null);
  const [sending, setSending] = useState<Digest | null>(null);
  const page = data?.meta.page ?? 1;
  const pageCount = data ? Math.max(1, Math.ceil(data.meta.count / data.meta.pageSize)) : 1;
  const load = (p: number) => dispatch(digestsResource.actions.request({ page: p, search }));
  const loadOrganization = () => dispatch(organizationDigestsResource.actions.request());

  useEffect(() => {
    dispatch(organizationDigestsResource.actions.request());
  }, [dispatch]);

  useEffect(() => {
    dispatch(digestsResource.actions.request({ page: 1, search }));
  }, [dispatch, search]);

  const handlers = {
    onEdit: (digest: Digest) => setEditing({ type: typeOf(digest), digest }),
    onPreview: setPreviewing,
    onSend: setSending,
    onHistory: setHistory,
    onDelete: setDeleting,
  };

  const confirmDelete = () => {
    if (deleting) dispatch(digestDeleteResource.actions.request(refOf(deleting)));
    setDeleting(null);
  };
  const confirmSend = () => {
    if (sending) dispatch(digestSendNowResource.actions.request(refOf(sending)));
    setSending(null);
  };

  return (
    <>
      <section aria-labelledby="digests-organization-title">
        <LoadingPanel
          isLoading={organization.isLoading}
          title={<span id="digests-organization-title">{t('organization.title')}</span>}
        >
          <ListState
            isLoading={organization.isLoading}
            error={organization.error}
            hasData={!!organization.data}
            isEmpty={false}
            emptyText=""
            onRetry={loadOrganization}
          >
            <OrganizationDigests {...handlers} onSetUp={(type) => setEditing({ type, digest: null })} />
          </ListState>
        </LoadingPanel>
      </section>
      <section aria-labelledby="digests-title">
        <ListToolbar id="digests" label={t('list.search')} onSearch={setSearch}>
          <PrimaryButton type="button" onClick={() => setEditing({ type: 'scheduled', digest: null })}>
            {t('list.add')}
          </PrimaryButton>
        </ListToolbar>
        <LoadingPanel isLoading={isLoading} title={<span id="digests-title">{t('list.title')}</span>}>
          <ListState
            isLoading={isLoading}
            error={error}
            hasData={!!data}
            isEmpty={(data?.data.length ?? 0) === 0}
            emptyText={search ? t('list.noMatch') : t('list.empty')}
            onRetry={() => load(page)}
          >
            <DigestsTable digests={data?.data ?? []} {...handlers} />
            <Pager
              page={page}
              pageCount={pageCount}
              count={data?.meta.count ?? 0}
              onPage={load}
              label={t('list.paging')}
            />
          </ListState>
        </LoadingPanel>
      </section>
      {editing && (
        <DigestFormModal
          key={editing.digest?.id ?? `new-${editing.type}`}
          type={editing.type}
          digest={editing.digest}
          onClose={() => setEditing(null)}
        />
      )}
      {previewing && (
        <PreviewModal
          key={previewing.id}
          digest={previewing}
          onSend={setSending}
          onClose={() => setPreviewing(null)}
        />
      )}
      {history && <SendsModal key={history.id} digest={history} onClose={() => setHistory(null)} />}
      {deleting && (
        <ConfirmModal
          title={t(typeOf(deleting) === 'scheduled' ? 'delete.title' : 'delete.turnOffTitle')}
          confirm={t(typeOf(deleting) === 'scheduled' ? 'delete.confirm' : 'organization.turnOff')}
          onConfirm={confirmDelete}
          onClose={() => setDeleting(null)}
        >
          <p>{t('delete.text', { name: deleting.attributes.name })}</p>
        </ConfirmModal>
      )}
      {sending && (
        <ConfirmModal
          title={t('send.title', { name: sending.attributes.name })}
          confirm={t('send.confirm')}
          onConfirm={confirmSend}
          onClose={() => setSending(null)}
        >
          <p>{t('send.text', { count: sending.attributes.destinationAddresses.length })}</p>
        </ConfirmModal>
      )}
    </>
  );
}
