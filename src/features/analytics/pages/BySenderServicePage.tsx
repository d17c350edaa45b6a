import { unknownSenderService } from '../../../../contract/analytics';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { PageFrame } from '../../../app/layout/PageFrame';
import { SenderLogo } from '../../emailSenders';
import { RowLink } from '../../../components/Table';
import { analyticsLists } from '../analyticsApi';
import { bySenderServiceResource } from '../analyticsResources';
import { DrillDown } from '../components/DrillDown';
import { ListPanel } from '../components/ListPanel';
import { rateColumns } from '../components/rateColumns';
import { SenderAssociationsTable } from '../components/SenderAssociationsTable';
import type { Column } from '../components/SortableTable';
import { formatCount } from '../../../i18n/format';
import type { SenderServiceMeta, SenderServiceRow } from '../types';
import { useAnalyticsList } from '../useAnalyticsList';
import { drillParam } from '../useDrillParam';

const Name = styled.span`
  display: inline-flex;
  gap: 10px;
  align-items: center;
`;

const Stack = styled.div`
  display: grid;
  gap: 28px;
  /* minmax(0, 1fr): a wide table scrolls inside its panel instead of widening the page */
  grid-template-columns: minmax(0, 1fr);
`;

const senderParam = 'sender';

/** Analytics → Aggregated by sender service; ?row=<service>&sender=<id> opens one (the catalogue has its own page). */
export function BySenderServicePage() {
  const { t, i18n } = useTranslation('analytics');
  const [params, setParams] = useSearchParams();
  const opened = params.get(drillParam)?.trim() || null;
  const senderId = Number(params.get(senderParam));
  const list = useAnalyticsList(bySenderServiceResource, '-messages');
  const n = (v: number) => formatCount(v, i18n.language);
  // Spec section 5: messages without a sender service are not rows, only this total.
  const unattributed = (list.state.data?.meta as SenderServiceMeta | undefined)?.unattributedMessages ?? 0;
  const open = (row: SenderServiceRow | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.delete(drillParam);
      next.delete(senderParam);
      if (row) next.set(drillParam, row.senderService);
      if (row?.emailSenderId) next.set(senderParam, String(row.emailSenderId));
      return next;
    });
  // The server names unattributed volume "Unknown"; it reads in the interface language.
  const shown = (service: string) => (service === unknownSenderService ? t('unknown') : service);
  const columns: Column<SenderServiceRow>[] = [
    {
      field: 'sender_service',
      label: t('columns.senderService'),
      render: (r) => (
        <Name>
          <SenderLogo name={r.senderService} logo={r.logo} />
          <RowLink
            type="button"
            onClick={() => open(r)}
            aria-label={t('drill.open', { name: shown(r.senderService) })}
          >
            {shown(r.senderService)}
          </RowLink>
        </Name>
      ),
    },
    ...rateColumns<SenderServiceRow>(t, i18n.language),
    { field: 'ips', label: t('columns.ips'), numeric: true, render: (r) => n(r.ips) },
    { field: 'domains', label: t('columns.domains'), numeric: true, render: (r) => n(r.domains) },
  ];
  return (
    <PageFrame pageId="bySenderService" withFilter>
      {opened ? (
        <DrillDown
          name={shown(opened)}
          scope={{ sender_service: opened }}
          withDetails
          onBack={() => open(null)}
        >
          {Number.isSafeInteger(senderId) && senderId > 0 && (
            <SenderAssociationsTable senderId={senderId} name={opened} />
          )}
        </DrillDown>
      ) : (
        <Stack>
          <ListPanel
            id="by-sender-service"
            title={t('bySenderService.title')}
            list={list}
            columns={columns}
            rowKey={(r) => r.senderService}
            csvUrl={analyticsLists.bySenderService}
            csvName="aggregated-by-sender-service.csv"
            emptyText={t('bySenderService.empty')}
            searchLabel={t('bySenderService.search')}
          />
          {unattributed > 0 && <p>{t('bySenderService.unattributed', { count: n(unattributed) })}</p>}
        </Stack>
      )}
    </PageFrame>
  );
}
