import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { routePath } from '../../app/router/routes';
import { ReportAddressWarning } from '../../components/ReportAddressWarning';
import { AddDomainForm, domainsResource } from '../domains';
import { UploadReportsButton } from '../processedData';
import { DmarcRecordStep } from './DmarcRecordStep';

const Steps = styled.ol`
  display: grid;
  gap: 20px;
  margin: 0;
  padding-left: 1.4em;

  > li {
    display: grid;
    gap: 10px;
    min-width: 0;
  }

  h3 {
    margin: 0;
    font-size: 1rem;
  }

  p {
    margin: 0;
  }
`;

/** Domains whose record is shown at once; the rest are on Account → Domains. */
const shownDomains = 3;
export const domainsPath = `${routePath('account')}#domains`;

/**
 * What a new organization sees on the overview until its first report arrives: add a domain, publish its
 * DMARC record with the organization's own report address (copy, check), wait for the first report or
 * upload one; the overview replaces this page as soon as a report is stored.
 */
export function GetStarted({ onReports }: { onReports: () => void }) {
  const { t } = useTranslation('gettingStarted');
  const dispatch = useAppDispatch();
  const { data } = useAppSelector(domainsResource.selectors.selectState);
  useEffect(() => {
    dispatch(domainsResource.actions.request());
  }, [dispatch]);
  const domains = data ?? [];

  return (
    <section aria-labelledby="get-started-title" data-testid="get-started">
      <h2 id="get-started-title">{t('title')}</h2>
      <p>{t('intro')}</p>
      <Steps>
        <li>
          <h3>{t('add.title')}</h3>
          {domains.length > 0 && (
            <p>
              {t('add.have', {
                count: domains.length,
                names: domains.map((d) => d.attributes.name).join(', '),
              })}
            </p>
          )}
          <AddDomainForm id="get-started-domain" title={t('add.another')} />
        </li>
        <li>
          <h3>{t('record.title')}</h3>
          {domains.length === 0 ? (
            <p>{t('record.first')}</p>
          ) : (
            <>
              <p>{t('record.help')}</p>
              <ReportAddressWarning
                receivesMail={domains.every(
                  (d) => d.attributes.verification?.reportAddressReceivesMail !== false,
                )}
              />
              {domains.slice(0, shownDomains).map((d) => (
                <DmarcRecordStep key={d.id} domain={d} />
              ))}
              <p>{t('record.existing')}</p>
              {domains.length > shownDomains && <Link to={domainsPath}>{t('record.more')}</Link>}
            </>
          )}
        </li>
        <li>
          <h3>{t('wait.title')}</h3>
          <p>{t('wait.help')}</p>
          <div>
            <UploadReportsButton onUploaded={onReports} afterClose />
          </div>
        </li>
        <li>
          <h3>{t('overview.title')}</h3>
          <p>{t('overview.help')}</p>
        </li>
      </Steps>
    </section>
  );
}
