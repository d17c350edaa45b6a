import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { IpInfoPanel, ipInfoResource } from '../../verifyTools';
import { ListState } from '../../../components/ListState';

/** The opened IP's network data (reputationOps.ipInfo), shown with the IP verify tool's panel. */
export function IpInfoSection({ ip }: { ip: string }) {
  const { t } = useTranslation('analytics');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(ipInfoResource.selectors.selectState);
  const load = () => dispatch(ipInfoResource.actions.request(ip));
  useEffect(() => {
    dispatch(ipInfoResource.actions.request(ip));
  }, [dispatch, ip]);
  const current = data && data.ip === ip ? data : null;
  return (
    <LoadingPanel isLoading={isLoading} title={t('byIp.info', { ip })}>
      <ListState
        isLoading={isLoading}
        error={error}
        hasData={!!current}
        isEmpty={false}
        emptyText=""
        onRetry={load}
      >
        {current && <IpInfoPanel info={current} />}
      </ListState>
    </LoadingPanel>
  );
}
