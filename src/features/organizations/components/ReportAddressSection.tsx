import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { CopyButton } from '../../../components/CopyButton';
import { recordCode, RecordList } from '../../../components/RecordList';
import { ReportAddressWarning } from '../../../components/ReportAddressWarning';
import type { Organization } from '../organizationsApi';

const Section = styled.section`
  display: grid;
  gap: 10px;
  min-width: 0;
  margin-bottom: 16px;

  h3,
  h4,
  p {
    margin: 0;
  }

  code {
    ${recordCode}
  }
`;

/**
 * The organization's report address, the warning while mail cannot reach it, and the records its domain
 * publishes (docs/INGESTION.md, "Report domain"): the MX and the RFC 7489 §7.1 authorisation.
 */
export function ReportAddressSection({ org }: { org: Organization }) {
  const { t } = useTranslation('organizations');
  const { reportAddress, reportAddressReceivesMail, reportDomainRecords } = org.attributes;
  return (
    <Section aria-labelledby="report-address-title">
      <h3 id="report-address-title">{t('detail.reportAddress')}</h3>
      <p>{t('detail.reportAddressHelp')}</p>
      <p>
        <code>{reportAddress}</code> <CopyButton value={reportAddress} what={t('detail.reportAddressCopy')} />
      </p>
      <ReportAddressWarning receivesMail={reportAddressReceivesMail} />
      {reportDomainRecords.length > 0 && (
        <section aria-labelledby="report-domain-title" data-testid="report-domain-records">
          <h4 id="report-domain-title">{t('detail.reportDomain.title')}</h4>
          <p>{t('detail.reportDomain.help')}</p>
          {reportDomainRecords.map((r) => (
            <RecordList
              key={`${r.name} ${r.type}`}
              aria-label={t('detail.reportDomain.record', { type: r.type })}
            >
              <dt>{t('detail.reportDomain.name')}</dt>
              <dd>
                <code>{r.name}</code>
              </dd>
              <dt>{t('detail.reportDomain.type')}</dt>
              <dd>
                <code>{r.type}</code>
              </dd>
              <dt>{t('detail.reportDomain.value')}</dt>
              <dd>
                <code>{r.content}</code>{' '}
                <CopyButton value={r.content} what={t('detail.reportDomain.copy', { type: r.type })} />
              </dd>
            </RecordList>
          ))}
        </section>
      )}
    </Section>
  );
}
