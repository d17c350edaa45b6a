import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ListState } from '../../../components/ListState';
import { dnsStatusResource } from '../dnsResources';
import { NotConfigured } from './NotConfigured';
import { Notice } from './styles';
import { ZonesList } from './ZonesList';
import { ZoneView } from './ZoneView';
import '../locale';

/**
 * DNS → Zones. Whether hosting is on decides the page; ?zone=<name> opens one zone's records and history,
 * so a zone has a link of its own and Back returns to the list.
 */
export function DnsSection() {
  const { t } = useTranslation('dns');
  const dispatch = useAppDispatch();
  const status = useAppSelector(dnsStatusResource.selectors.selectState);
  const [params, setParams] = useSearchParams();
  const zone = params.get('zone');
  const open = useCallback((name: string | null) => setParams(name ? { zone: name } : {}), [setParams]);

  useEffect(() => {
    dispatch(dnsStatusResource.actions.request());
  }, [dispatch]);

  return (
    <ListState
      isLoading={status.isLoading}
      error={status.error}
      hasData={!!status.data}
      isEmpty={false}
      emptyText=""
      onRetry={() => dispatch(dnsStatusResource.actions.request())}
    >
      {status.data && !status.data.configured ? (
        <NotConfigured />
      ) : (
        <>
          {status.data?.reachable === false && (
            <Notice role="status" $tone="warning">
              {t('messages.unavailable')}
            </Notice>
          )}
          {zone ? (
            <ZoneView zone={zone} onBack={() => open(null)} />
          ) : (
            <ZonesList defaultNameservers={status.data?.defaultNameservers ?? []} onOpen={open} />
          )}
        </>
      )}
    </ListState>
  );
}
