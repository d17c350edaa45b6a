import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { camelCaseKeys } from '../../../../contract/casing';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Modal } from '../../../components/Modal';
import { Button, PrimaryButton } from '../../../components/Button';
import { patchOf, problemsByRrset, type Change } from '../changeSet';
import type { Conflict, Zone } from '../dnsApi';
import { zoneApplyResource, zoneResource } from '../dnsResources';
import { RrsetChange } from './RrsetChange';
import { Cards, FieldError, Notice } from './styles';
import '../locale';

type Problems = Record<string, { message: string; record: number | null }[]>;
type Props = {
  zone: Zone;
  changes: Change[];
  onClose: () => void;
  onApplied: () => void;
  onProblems: (p: Problems) => void;
};

/**
 * What "Apply all" will send, per rrset (added, changed, removed), before it is sent. A 409 shows the other
 * change and reloads the zone, so the same edits can be looked at again against it and applied.
 */
export function ReviewModal({ zone, changes, onClose, onApplied, onProblems }: Props) {
  const { t } = useTranslation('dns');
  const dispatch = useAppDispatch();
  const apply = useAppSelector(zoneApplyResource.selectors.selectState);
  const submitted = useRef(false);
  const conflict =
    apply.status === 'failure' && apply.error?.status === 409 && apply.error.body
      ? camelCaseKeys<Conflict>(apply.error.body)
      : null;

  useEffect(() => {
    dispatch(zoneApplyResource.actions.reset());
  }, [dispatch]);

  useEffect(() => {
    if (!submitted.current || !apply.status) return;
    submitted.current = false;
    if (apply.status === 'success') onApplied();
    else if (apply.error?.status === 409) dispatch(zoneResource.actions.request(zone.name));
    else onProblems(problemsByRrset(apply.error?.body ?? null, changes));
  }, [apply.status, apply.error, changes, dispatch, onApplied, onProblems, zone.name]);

  const send = () => {
    submitted.current = true;
    dispatch(zoneApplyResource.actions.request({ zone: zone.name, body: patchOf(zone.version, changes) }));
  };
  const problems = apply.status === 'failure' ? problemsByRrset(apply.error?.body ?? null, changes) : {};

  const footer = (
    <>
      <Button type="button" onClick={onClose}>
        {t('review.back')}
      </Button>
      <PrimaryButton
        type="button"
        onClick={send}
        disabled={apply.isLoading || changes.length === 0}
        aria-busy={apply.isLoading}
      >
        {t('review.apply', { count: changes.length })}
      </PrimaryButton>
    </>
  );
  return (
    <Modal
      isOpen
      onClose={onClose}
      title={t('review.title', { zone: zone.name })}
      width={720}
      footer={footer}
    >
      {conflict && (
        <div role="alert">
          <Notice $tone="warning">{t('messages.stale')}</Notice>
          <Cards aria-label={t('review.theirs')}>
            {conflict.changes.map((c) => (
              <li key={c.id}>
                <RrsetChange
                  zone={zone.name}
                  action={c.action}
                  name={c.name}
                  type={c.type}
                  before={c.before}
                  after={c.after}
                />
              </li>
            ))}
          </Cards>
          <p>{t('review.again')}</p>
        </div>
      )}
      {changes.length === 0 ? (
        <p>{t('review.nothing')}</p>
      ) : (
        <Cards aria-label={t('review.yours')}>
          {changes.map((c) => {
            const r = (c.after ?? c.before)!;
            return (
              <li key={c.key} data-change={c.key}>
                <RrsetChange
                  zone={zone.name}
                  action={c.action}
                  name={r.name}
                  type={r.type}
                  before={c.before}
                  after={c.after}
                >
                  {(problems[c.key] ?? []).map((p) => (
                    <FieldError key={p.message} role="alert">
                      {p.message}
                    </FieldError>
                  ))}
                </RrsetChange>
              </li>
            );
          })}
        </Cards>
      )}
    </Modal>
  );
}
