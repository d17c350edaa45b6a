import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ListState } from '../../../components/ListState';
import { PrimaryButton } from '../../../components/Button';
import type { Fix } from '../dnsApi';
import { fixApplyResource, fixesResource } from '../fixResources';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ReportAddressWarning } from '../../../components/ReportAddressWarning';
import { RrsetChange } from './RrsetChange';
import { Cards, Hint } from './styles';
import { useFocusAfter } from '../useFocusAfter';
import '../locale';

type Props = { zone: string };

/**
 * Records msas proposes from the domain's checks, each previewed as the change it makes (the review's
 * before/after) and applied after one confirmation; findings msas cannot write are explained below.
 */
export function FixesPanel({ zone }: Props) {
  const { t } = useTranslation('dns');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(fixesResource.selectors.selectState);
  const applying = useAppSelector(fixApplyResource.selectors.selectState);
  const [confirm, setConfirm] = useState<Fix | null>(null);
  const state = data && data.zone === zone ? data : null;
  const wasApplying = useRef(false);
  const panel = useRef<HTMLElement>(null);
  const askFocus = useFocusAfter(panel, applying.isLoading || isLoading);

  useEffect(() => {
    dispatch(fixesResource.actions.request(zone));
  }, [dispatch, zone]);
  // A refused fix (someone changed the zone since) is listed again against the zone as it is now.
  useEffect(() => {
    if (wasApplying.current && !applying.isLoading && applying.error)
      dispatch(fixesResource.actions.request(zone));
    wasApplying.current = applying.isLoading;
  }, [applying.isLoading, applying.error, dispatch, zone]);

  const apply = () => {
    if (confirm && state) {
      askFocus();
      dispatch(fixApplyResource.actions.request({ zone, kind: confirm.kind, version: state.version }));
    }
    setConfirm(null);
  };

  return (
    <section aria-labelledby="dns-fixes-title" ref={panel} tabIndex={-1}>
      <h2 id="dns-fixes-title" className="visually-hidden">
        {t('fixes.title')}
      </h2>
      <ListState
        isLoading={isLoading}
        error={error}
        hasData={!!state}
        isEmpty={!!state && state.fixes.length === 0 && state.notes.length === 0}
        emptyText={t('fixes.none')}
        onRetry={() => dispatch(fixesResource.actions.request(zone))}
      >
        {state && (
          <>
            <ReportAddressWarning receivesMail={state.reportAddressReceivesMail} />
            {state.fixes.length > 0 && (
              <Cards aria-label={t('fixes.title')}>
                {state.fixes.map((fix) => (
                  <li key={fix.kind}>
                    <RrsetChange zone={zone} {...fix} detail={<Hint>{t(`fixes.reasons.${fix.kind}`)}</Hint>}>
                      <PrimaryButton
                        type="button"
                        onClick={() => setConfirm(fix)}
                        disabled={applying.isLoading}
                        aria-busy={applying.isLoading}
                      >
                        {t(`fixes.apply.${fix.kind}`)}
                      </PrimaryButton>
                    </RrsetChange>
                  </li>
                ))}
              </Cards>
            )}
            {state.notes.length > 0 && (
              <>
                <h3 style={{ margin: '20px 0 8px' }}>{t('fixes.notesTitle')}</h3>
                <ul aria-label={t('fixes.notesTitle')}>
                  {state.notes.map((note) => (
                    <li key={note.kind}>
                      {t(`fixes.notes.${note.kind}`, { zone: zone.replace(/\.$/, '') })}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </ListState>
      <ConfirmModal
        isOpen={confirm !== null}
        title={confirm ? t(`fixes.apply.${confirm.kind}`) : ''}
        confirm={t('fixes.confirm')}
        onConfirm={apply}
        onClose={() => setConfirm(null)}
      >
        {confirm && (
          <>
            <p>{t('fixes.confirmText', { zone })}</p>
            <RrsetChange zone={zone} {...confirm} />
          </>
        )}
      </ConfirmModal>
    </section>
  );
}
