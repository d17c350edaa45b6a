import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ListState } from '../../../components/ListState';
import { Button, PrimaryButton } from '../../../components/Button';
import { Facts } from '../../../components/Facts';
import { dnssecResource, dnssecSetResource } from '../zoneFileResources';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { DsRecords } from './DsRecords';
import { Hint } from './styles';
import { useFocusAfter } from '../useFocusAfter';
import '../locale';

type Props = { zone: string };

const Stack = styled.div`
  display: grid;
  gap: 12px;
  justify-items: start;

  > dl {
    margin: 0;
  }

  > h3 {
    margin: 8px 0 0;
  }

  > ul {
    justify-self: stretch;
  }
`;

/** Whether PowerDNS signs the zone, turning it on or off (asked first), and the DS records for the registrar. */
export function DnssecPanel({ zone }: Props) {
  const { t } = useTranslation('dns');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(dnssecResource.selectors.selectState);
  const saving = useAppSelector(dnssecSetResource.selectors.selectIsLoading);
  const [confirm, setConfirm] = useState<boolean | null>(null);
  const state = data && data.zone === zone ? data : null;
  const panel = useRef<HTMLElement>(null);
  const askFocus = useFocusAfter(panel, saving);

  useEffect(() => {
    dispatch(dnssecResource.actions.request(zone));
  }, [dispatch, zone]);

  const apply = () => {
    if (confirm !== null) {
      askFocus();
      dispatch(dnssecSetResource.actions.request({ zone, enabled: confirm }));
    }
    setConfirm(null);
  };

  return (
    <section aria-labelledby="dns-dnssec-title" ref={panel} tabIndex={-1}>
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
          <Stack>
            <Facts>
              <dt>{t('zone.dnssec')}</dt>
              <dd>{state.enabled ? t('zone.signed') : t('zone.unsigned')}</dd>
            </Facts>
            {state.enabled ? (
              <>
                <h3>{t('dnssec.ds')}</h3>
                <Hint>{t('dnssec.dsHint')}</Hint>
                <DsRecords zone={zone} ds={state.ds} />
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
          </Stack>
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
