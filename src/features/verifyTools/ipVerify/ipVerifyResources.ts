import { errorMessage } from '../../../api/errors';
import { createResource } from '../../../app/resource/createResource';
import { registerResource } from '../../../app/resource/registry';
import i18n from '../../../i18n';
import { fetchIpInfo, fetchListing, fetchPublicConfig, requestDelist } from './ipVerifyApi';
import type { IpInfo, IpListing, LookupRequest, PublicConfig } from './types';

// Spec section 8: IP listing or delist failures toast status_message, else 'Something went wrong.'
const failure = (error: unknown) =>
  errorMessage(error, i18n.t('ipVerify:messages.failed'), { from: 'statusMessage' });

export const ipListingResource = registerResource(
  createResource<LookupRequest, IpListing>({
    name: 'ipListing',
    kind: 'read',
    request: (payload, { signal }) => fetchListing(payload, signal),
    failureMessage: failure,
  }),
);

export const ipInfoResource = registerResource(
  createResource<string, IpInfo>({
    name: 'ipInfo',
    kind: 'read',
    request: (ip, { signal }) => fetchIpInfo(ip, signal),
  }),
);

// Spec section 4: a successful delist sets a disable flag (status 'success' for that target) so it cannot
// be repeated.
export const ipDelistResource = registerResource(
  createResource<LookupRequest, { target: string }>({
    name: 'ipDelist',
    kind: 'write',
    method: 'post',
    request: (payload) => requestDelist(payload),
    successMessage: () => i18n.t('ipVerify:messages.delistSent'),
    failureMessage: failure,
  }),
);

export const publicConfigResource = registerResource(
  createResource<void, PublicConfig>({
    name: 'publicConfig',
    kind: 'read',
    request: () => fetchPublicConfig(),
  }),
);

export const selectDelistDisabled = (root: Record<string, unknown>, target: string | undefined) => {
  const state = ipDelistResource.selectors.selectState(root);
  return state.isLoading || (state.status === 'success' && state.data?.target === target);
};
