import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch } from '../../../app/hooks';
import { addDomains, domainGroupsResource, domainsResource } from '../../domains';
import { PrimaryButton } from '../../../components/Button';
import { refusedForItsDomain } from './UploadOutcomeText';
import type { UploadItem } from './useUploads';

const Offer = styled.section`
  display: grid;
  gap: 8px;
  margin-top: 16px;
  padding: 12px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: ${({ theme }) => theme.radii.md}px;

  p {
    margin: 0;
    overflow-wrap: break-word;
  }
`;

/**
 * The files refused because their domain is not the organization's (the server names the domain; a file
 * that is not a report has none). Only owners and admins upload, and they may add domains.
 */
export function refusedForDomain(items: UploadItem[]): UploadItem[] {
  return items.filter((i) => i.outcome && refusedForItsDomain(i.outcome));
}

type Props = { items: UploadItem[]; disabled: boolean; onAdded: (keys: string[]) => void };

/** "Add these domains": one click adds them all (one message) and sends their files again. */
export function AddDomainsOffer({ items, disabled, onAdded }: Props) {
  const { t } = useTranslation('processedData');
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState(false);
  const refused = refusedForDomain(items);
  const domains = [...new Set(refused.map((i) => i.outcome!.domain!))];
  if (domains.length === 0) return null;
  const add = async () => {
    setBusy(true);
    const { added } = await addDomains(domains);
    setBusy(false);
    dispatch(domainsResource.actions.request());
    dispatch(domainGroupsResource.actions.request());
    const keys = refused.filter((i) => added.includes(i.outcome!.domain!)).map((i) => i.key);
    if (keys.length > 0) onAdded(keys);
  };
  return (
    <Offer aria-labelledby="upload-add-domains">
      <p id="upload-add-domains">
        {t('upload.addDomains.text', { count: domains.length, domains: domains.join(', ') })}
      </p>
      <div>
        <PrimaryButton type="button" onClick={() => void add()} disabled={disabled || busy} aria-busy={busy}>
          {t('upload.addDomains.action', { count: domains.length })}
        </PrimaryButton>
      </div>
    </Offer>
  );
}
