import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { PageFrame } from '../../../app/layout/PageFrame';
import { LoadingPanel } from '../../../components/LoadingPanel';
import { DelistAction } from '../ipVerify/DelistAction';
import { IpInfoPanel } from '../ipVerify/IpInfoPanel';
import {
  ipDelistResource,
  ipInfoResource,
  ipListingResource,
  publicConfigResource,
  selectDelistDisabled,
} from '../ipVerify/ipVerifyResources';
import { ListingSummary } from '../ipVerify/ListingSummary';
import { ListingTable } from '../ipVerify/ListingTable';
import { LookupForm } from '../ipVerify/LookupForm';
import { Muted, Section } from '../ipVerify/styles';

/** Verify Tools → IP verify: blocklists, reputation and network data of an IP, and the delist request. */
export function IpVerifyPage() {
  const { t } = useTranslation('ipVerify');
  const dispatch = useAppDispatch();
  const listing = useAppSelector(ipListingResource.selectors.selectState);
  const info = useAppSelector(ipInfoResource.selectors.selectState);
  const delist = useAppSelector(ipDelistResource.selectors.selectState);
  const config = useAppSelector(publicConfigResource.selectors.selectData);
  const [checked, setChecked] = useState<string | null>(null);
  const result = listing.data;
  const delistDisabled = useAppSelector((root) => selectDelistDisabled(root, result?.target));
  const siteKey = config?.recaptchaEnabled ? config.recaptchaSiteKey : null;

  useEffect(() => {
    dispatch(publicConfigResource.actions.request());
    return () => {
      dispatch(ipListingResource.actions.reset());
      dispatch(ipInfoResource.actions.reset());
    };
  }, [dispatch]);

  const lookup = (target: string, token: string) => {
    setChecked(target);
    dispatch(ipListingResource.actions.request({ target, token }));
    dispatch(ipInfoResource.actions.request(target));
  };

  const serverError =
    listing.error && (listing.error.body?.target || listing.error.body?.token)
      ? listing.error.message
      : undefined;

  return (
    <PageFrame pageId="ipVerify">
      <Section aria-labelledby="ip-verify-form-title">
        <h2 id="ip-verify-form-title">{t('form.title')}</h2>
        <LookupForm
          siteKey={siteKey}
          isLoading={listing.isLoading}
          serverError={serverError}
          onLookup={lookup}
        />
      </Section>

      {!checked && (
        <Section aria-labelledby="ip-verify-empty-title">
          <h2 id="ip-verify-empty-title">{t('results.title')}</h2>
          <Muted>{t('results.empty')}</Muted>
        </Section>
      )}

      {checked && (
        <div style={{ marginTop: 20 }}>
          <LoadingPanel isLoading={listing.isLoading} title={t('results.titleFor', { target: checked })}>
            <div style={{ padding: '16px 20px' }}>
              {listing.error && !listing.isLoading && <p role="alert">{listing.error.message}</p>}
              {result && !listing.error && (
                <>
                  <ListingSummary listing={result} />
                  <h3>{t('lists.title')}</h3>
                  <ListingTable results={result.lookupList} />
                </>
              )}
              {!result && !listing.error && <Muted>{t('results.loading')}</Muted>}
            </div>
          </LoadingPanel>
        </div>
      )}

      {result && !listing.error && result.delistable && (
        <Section aria-labelledby="ip-verify-delist-title">
          <h2 id="ip-verify-delist-title">{t('delist.title')}</h2>
          <DelistAction
            target={result.target}
            siteKey={siteKey}
            isLoading={delist.isLoading}
            disabled={delistDisabled}
            sent={delist.status === 'success' && delist.data?.target === result.target}
            onDelist={(token) => dispatch(ipDelistResource.actions.request({ target: result.target, token }))}
          />
        </Section>
      )}

      {checked && info.data && !info.isLoading && (
        <Section aria-labelledby="ip-verify-info-title">
          <h2 id="ip-verify-info-title">{t('info.title')}</h2>
          <IpInfoPanel info={info.data} />
        </Section>
      )}
    </PageFrame>
  );
}
