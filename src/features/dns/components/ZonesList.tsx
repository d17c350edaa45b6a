import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { Pager } from '../../../components/Pager';
import { StackedTable } from '../../../components/StackedTable';
import { ListState } from '../../../components/ListState';
import { formatCount, formatDateTime } from '../../../i18n/format';
import { Button, PrimaryButton } from '../../../components/Button';
import { TableWrap } from '../../../components/Table';
import { Toolbar } from '../../../components/Toolbar';
import type { ZoneSummary } from '../dnsApi';
import { zoneDeleteResource, zonesResource } from '../dnsResources';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { CreateZoneModal } from './CreateZoneModal';
import { Actions } from './styles';
import '../locale';

type Props = { defaultNameservers: string[]; onOpen: (zone: string) => void };

/** The organization's zones: open one, create one, delete one after a confirmation. */
export function ZonesList({ defaultNameservers, onOpen }: Props) {
  const { t, i18n } = useTranslation('dns');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(zonesResource.selectors.selectState);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ZoneSummary | null>(null);
  const page = data?.meta.page ?? 1;
  const pageCount = data ? Math.max(1, Math.ceil(data.meta.count / data.meta.pageSize)) : 1;
  const load = (p: number) => dispatch(zonesResource.actions.request({ page: p }));

  useEffect(() => {
    dispatch(zonesResource.actions.request({ page: 1 }));
  }, [dispatch]);

  const confirmDelete = () => {
    if (deleting) dispatch(zoneDeleteResource.actions.request(deleting.name));
    setDeleting(null);
  };

  return (
    <section aria-labelledby="dns-zones-title">
      <Toolbar>
        <div />
        <PrimaryButton type="button" onClick={() => setCreating(true)}>
          {t('list.add')}
        </PrimaryButton>
      </Toolbar>
      <LoadingPanel isLoading={isLoading} title={<span id="dns-zones-title">{t('list.title')}</span>}>
        <ListState
          isLoading={isLoading}
          error={error}
          hasData={!!data}
          isEmpty={(data?.data.length ?? 0) === 0}
          emptyText={t('list.empty')}
          onRetry={() => load(page)}
        >
          <TableWrap>
            <StackedTable aria-label={t('list.caption')}>
              <thead>
                <tr>
                  <th scope="col">{t('list.name')}</th>
                  <th scope="col">{t('list.kind')}</th>
                  <th scope="col">{t('list.records')}</th>
                  <th scope="col">{t('list.version')}</th>
                  <th scope="col">{t('zone.dnssec')}</th>
                  <th scope="col">{t('list.lastChange')}</th>
                  <th scope="col">{t('list.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {(data?.data ?? []).map((zone) => (
                  <tr key={zone.id}>
                    <td data-label={t('list.name')} style={{ overflowWrap: 'anywhere' }}>
                      {zone.name}
                    </td>
                    <td data-label={t('list.kind')}>{t(`kinds.${zone.kind}`, zone.kind)}</td>
                    <td data-label={t('list.records')}>{formatCount(zone.records, i18n.language)}</td>
                    <td data-label={t('list.version')}>{formatCount(zone.version, i18n.language)}</td>
                    <td data-label={t('zone.dnssec')}>
                      {zone.dnssec === null
                        ? t('zone.unknown')
                        : zone.dnssec
                          ? t('zone.signed')
                          : t('zone.unsigned')}
                    </td>
                    <td data-label={t('list.lastChange')} style={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(zone.updatedAt, i18n.language)}
                    </td>
                    <td data-label={t('list.actions')}>
                      <Actions>
                        <Button
                          type="button"
                          onClick={() => onOpen(zone.name)}
                          aria-label={t('list.openOf', { name: zone.name })}
                        >
                          {t('list.open')}
                        </Button>
                        <Button
                          type="button"
                          onClick={() => setDeleting(zone)}
                          aria-label={t('list.deleteOf', { name: zone.name })}
                        >
                          {t('list.delete')}
                        </Button>
                      </Actions>
                    </td>
                  </tr>
                ))}
              </tbody>
            </StackedTable>
          </TableWrap>
          <Pager
            page={page}
            pageCount={pageCount}
            count={data?.meta.count ?? 0}
            onPage={load}
            label={t('list.paging')}
          />
        </ListState>
      </LoadingPanel>
      {creating && (
        <CreateZoneModal
          defaultNameservers={defaultNameservers}
          onClose={() => setCreating(false)}
          onCreated={(zone) => {
            setCreating(false);
            onOpen(zone);
          }}
        />
      )}
      <ConfirmModal
        isOpen={deleting !== null}
        title={t('delete.title')}
        confirm={t('delete.confirm')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        <p>{t('delete.text', { name: deleting?.name ?? '' })}</p>
      </ConfirmModal>
    </section>
  );
}
