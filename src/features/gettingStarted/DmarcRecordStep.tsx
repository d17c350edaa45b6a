import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { CopyButton } from '../../components/CopyButton';
import { LoadingButton } from '../../components/LoadingButton';
import type { Domain } from '../domains';
import { domainVerifyResource, VerificationBadge } from '../domains';
import { RecordList } from '../../components/RecordList';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  align-items: center;
`;

/**
 * The DMARC record to publish (RFC 7489 §6.3: v and p first; rua names where aggregate reports go): p=none
 * starts with monitoring only, and the rua address is the organization's own, so reports arrive here and
 * the domain is verified by the same record (docs/PERMISSIONS.md).
 */
export function dmarcRecord(rua: string): string {
  return `v=DMARC1; p=none; rua=${rua}`;
}

/** One domain's record: name, type, value with a copy button, and the live check. */
export function DmarcRecordStep({ domain }: { domain: Domain }) {
  const { t } = useTranslation('gettingStarted');
  const dispatch = useAppDispatch();
  const verify = useAppSelector(domainVerifyResource.selectors.selectState);
  const v = domain.attributes.verification;
  const name = domain.attributes.name;
  if (!v) return null;
  const value = dmarcRecord(v.dmarcRua);
  return (
    <section aria-label={t('record.of', { name })} data-domain={name}>
      <RecordList>
        <dt>{t('record.name')}</dt>
        <dd>
          <code>{`_dmarc.${name}`}</code>
        </dd>
        <dt>{t('record.type')}</dt>
        <dd>
          <code>{t('record.txt')}</code>
        </dd>
        <dt>{t('record.value')}</dt>
        <dd>
          <code data-testid="dmarc-record">{value}</code>{' '}
          <CopyButton value={value} what={t('record.copyOf', { name })} />
        </dd>
      </RecordList>
      <Row>
        <VerificationBadge status={v.status} />
        <LoadingButton
          type="button"
          isLoading={verify.isLoading}
          aria-label={t('record.checkOf', { name })}
          onClick={() => dispatch(domainVerifyResource.actions.request(domain.id))}
        >
          {t('record.check')}
        </LoadingButton>
      </Row>
    </section>
  );
}
