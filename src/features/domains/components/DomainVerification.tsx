import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CopyButton } from '../../../components/CopyButton';
import { recordCode } from '../../../components/RecordList';
import { ReportAddressWarning } from '../../../components/ReportAddressWarning';
import { LoadingButton } from '../../../components/LoadingButton';
import { TonePill } from '../../../components/TonePill';
import type { Verification } from '../domainsApi';
import { formatDateTime } from '../../../i18n/format';

/** Verified or pending; the word carries the meaning, the colour only repeats it. */
export function VerificationBadge({ status }: { status: Verification['status'] }) {
  const { t } = useTranslation('domains');
  return <TonePill $tone={status === 'verified' ? 'success' : 'warning'}>{t(`verify.${status}`)}</TonePill>;
}

const Panel = styled.div`
  display: grid;
  gap: 12px;
  padding: 4px 0 8px;

  h4 {
    margin: 0;
    font-size: 0.95rem;
  }

  p {
    margin: 0;
  }

  code {
    ${recordCode}
  }
`;

const Value = ({ value, what }: { value: string; what: string }) => (
  <p>
    <code>{value}</code> <CopyButton value={value} what={what} />
  </p>
);

type Props = { name: string; verification: Verification; checking: boolean; onCheck: () => void };

/** The records that verify the domain (either one), its last check and the "check now" button. */
export function VerificationDetails({ name, verification: v, checking, onCheck }: Props) {
  const { t, i18n } = useTranslation('domains');
  const checked = v.checkedAt
    ? t('verify.lastChecked', { date: formatDateTime(v.checkedAt, i18n.language) })
    : t('verify.neverChecked');
  return (
    <Panel>
      <p>
        {v.status === 'verified'
          ? t(`verify.method_${v.method ?? 'grandfathered'}`)
          : t('verify.pendingHelp')}
      </p>
      <section aria-label={t('verify.dmarcTitle')}>
        <h4>{t('verify.dmarcTitle')}</h4>
        <p>{t('verify.dmarcHelp', { name })}</p>
        <Value value={v.dmarcRua} what={t('verify.copyRua', { name })} />
        <ReportAddressWarning receivesMail={v.reportAddressReceivesMail} />
      </section>
      <section aria-label={t('verify.txtTitle')}>
        <h4>{t('verify.txtTitle')}</h4>
        <p>{t('verify.txtName')}</p>
        <Value value={v.txtName} what={t('verify.copyTxtName', { name })} />
        <p>{t('verify.txtValue')}</p>
        <Value value={v.txtValue} what={t('verify.copyTxtValue', { name })} />
      </section>
      <p role="status">
        {checked}
        {v.problem ? ` ${t(`verify.problem_${v.problem}`)}` : ''}
      </p>
      <p>
        <LoadingButton
          type="button"
          isLoading={checking}
          aria-label={t('verify.checkNowOf', { name })}
          onClick={onCheck}
        >
          {t('verify.checkNow')}
        </LoadingButton>
      </p>
    </Panel>
  );
}
