import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ListState } from '../../processedData/components/ListState';
import { Button, Facts, PrimaryButton } from '../../processedData/styles';
import { dnssecResource, dnssecSetResource } from '../zoneFileResources';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { Code, Hint } from './styles';
import '../locale';

type Props = { zone: string };

/** Whether PowerDNS signs the zone, turning it on or off (asked first), and the DS records for the registrar. */
export function DnssecPanel({ zone }: Props) {
  const { t } = useTranslation('dns');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(dnssecResource.selectors.selectState);
  const saving = useAppSelector(dnssecSetResource.selectors.selectIsLoading);
  const [confirm, setConfirm] = useState<boolean | null>(null);
  const state = data && data.zone === zone ? data : null;

  useEffect(() => {
    dispatch(dnssecResource.actions.request(zone));
  }, [dispatch, zone]);

  const apply = () => {
    if (confirm !== null) dispatch(dnssecSetResource.actions.request({ zone, enabled: confirm }));
    setConfirm(null);
  };

  return (
    <section aria-labelledby="dns-dnssec-title">
      <h2 id="dns-dnssec-title" className="visually-hidden">
        {t('dnssec.title')}
      </h2>
      <ListState
        isLoading={isLoading}
        error={error}
        hasData={!!state}
        isEmpty={false}
        emptyText=""
        onRetry={() => dispatch(dnssecResource.actions.request(zone))}
      >
        {state && (
          <>
            <Facts>
              <dt>{t('zone.dnssec')}</dt>
              <dd>{state.enabled ? t('zone.signed') : t('zone.unsigned')}</dd>
            </Facts>
            {state.enabled ? (
              <>
                <h3>{t('dnssec.ds')}</h3>
                <Hint>{t('dnssec.dsHint')}</Hint>
                <ul aria-label={t('dnssec.ds')}>
                  {state.ds.map((ds) => (
                    <li key={ds}>
                      <Code>{`${zone} IN DS ${ds}`}</Code>
                    </li>
                  ))}
                </ul>
                <Button type="button" onClick={() => setConfirm(false)} disabled={saving} aria-busy={saving}>
                  {t('dnssec.disable')}
                </Button>
              </>
            ) : (
              <>
                <Hint>{t('dnssec.offHint')}</Hint>
                <PrimaryButton
                  type="button"
                  onClick={() => setConfirm(true)}
                  disabled={saving}
                  aria-busy={saving}
                >
                  {t('dnssec.enable')}
                </PrimaryButton>
              </>
            )}
          </>
        )}
      </ListState>
      <ConfirmModal
        isOpen={confirm !== null}
        title={confirm ? t('dnssec.enable') : t('dnssec.disable')}
        confirm={confirm ? t('dnssec.enable') : t('dnssec.disable')}
        onConfirm={apply}
        onClose={() => setConfirm(null)}
      >
        <p>{confirm ? t('dnssec.enableText', { zone }) : t('dnssec.disableText', { zone })}</p>
      </ConfirmModal>
    </section>
  );
}
