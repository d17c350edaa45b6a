import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Tabs } from '../../../components/Tabs';
import { ListState } from '../../../components/ListState';
import { Button } from '../../../components/Button';
import { Facts } from '../../../components/Facts';
import type { Edits } from '../changeSet';
import { zoneResource } from '../dnsResources';
import { absoluteName } from '../validate';
import { zoneExportResource } from '../zoneFileResources';
import { DnssecPanel } from './DnssecPanel';
import { FixesPanel } from './FixesPanel';
import { HistoryPanel } from './HistoryPanel';
import { ImportModal } from './ImportModal';
import { RecordsEditor, type Problems } from './RecordsEditor';
import { Actions, Notice } from './styles';
import '../locale';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px 24px;
  align-items: center;
  margin-bottom: 12px;

  h2 {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

type Props = { zone: string; onBack: () => void };

/** One zone: its records editor and its history. The edits live here so switching tabs keeps them. */
export function ZoneView({ zone, onBack }: Props) {
  const { t } = useTranslation('dns');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(zoneResource.selectors.selectState);
  const [edits, setEdits] = useState<Edits>({});
  const [problems, setProblems] = useState<Problems>({});
  const [importing, setImporting] = useState(false);
  const exporting = useAppSelector(zoneExportResource.selectors.selectState).isLoading;
  // The store may still hold the zone opened before this one: only this zone's document counts.
  const wanted = absoluteName(zone) ?? zone;
  const loaded = data && data.name === wanted ? data : null;

  useEffect(() => {
    dispatch(zoneResource.actions.request(zone));
  }, [dispatch, zone]);

  return (
    <section aria-labelledby="dns-zone-title">
      <Head>
        <Button type="button" onClick={onBack}>
          {t('zone.back')}
        </Button>
        <h2 id="dns-zone-title">{loaded?.name ?? wanted}</h2>
        {loaded && (
          <Facts>
            <dt>{t('zone.kind')}</dt>
            <dd>{t(`kinds.${loaded.kind}`, loaded.kind)}</dd>
            <dt>{t('zone.serial')}</dt>
            <dd>{loaded.serial}</dd>
            <dt>{t('zone.dnssec')}</dt>
            <dd>{loaded.dnssec ? t('zone.signed') : t('zone.unsigned')}</dd>
          </Facts>
        )}
        {loaded && (
          <Actions>
            <Button
              type="button"
              disabled={exporting}
              aria-busy={exporting}
              onClick={() => dispatch(zoneExportResource.actions.request(loaded.name))}
            >
              {t('import.export')}
            </Button>
            <Button type="button" onClick={() => setImporting(true)}>
              {t('import.open')}
            </Button>
          </Actions>
        )}
      </Head>
      {importing && loaded && <ImportModal zone={loaded} onClose={() => setImporting(false)} />}
      {loaded?.outsideChange != null && <Notice role="status">{t('zone.outside')}</Notice>}
      <ListState
        isLoading={isLoading}
        error={error}
        hasData={!!loaded}
        isEmpty={false}
        emptyText=""
        onRetry={() => dispatch(zoneResource.actions.request(zone))}
      >
        {loaded && (
          <Tabs
            tabs={[
              {
                id: 'records',
                label: t('zone.records'),
                content: (
                  <RecordsEditor
                    zone={loaded}
                    edits={edits}
                    onEdits={setEdits}
                    problems={problems}
                    onProblems={setProblems}
                  />
                ),
              },
              { id: 'history', label: t('zone.history'), content: <HistoryPanel zone={loaded.name} /> },
              { id: 'fixes', label: t('zone.fixes'), content: <FixesPanel zone={loaded.name} /> },
              { id: 'dnssec', label: t('zone.dnssec'), content: <DnssecPanel zone={loaded.name} /> },
            ]}
          />
        )}
      </ListState>
    </section>
  );
}
