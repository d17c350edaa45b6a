import { api, apiBase } from '../../../api/client';
import type { Wire } from '../../../../contract/casing';
import type { ipInfoSchema, listingDocumentSchema } from '../../../../contract/reputation';
import type { IpInfo, IpListing, LookupRequest, PublicConfig } from './types';

const verifyUrl = (target: string, token: string, delisting = false) => {
  const query = new URLSearchParams({ ipLookup: 'true', target });
  if (delisting) query.set('delisting', 'true');
  query.set('token', token);
  return `${apiBase.rep}/ipVerify/?${query.toString()}`;
};

/** GET /ipVerify/?ipLookup=true&target=...&token=... (spec section 7). */
export async function fetchListing(
  { target, token }: LookupRequest,
  signal?: AbortSignal,
): Promise<IpListing> {
  const { data } = await api.get<Wire<typeof listingDocumentSchema>>(verifyUrl(target, token), { signal });
  return data.data.attributes;
}

/** POST /ipVerify/?ipLookup=true&target=...&delisting=true&token=... */
export async function requestDelist({ target, token }: LookupRequest): Promise<{ target: string }> {
  await api.post(verifyUrl(target, token, true));
  return { target };
}

/** GET /v2/ips/{ip}/ip-info-io/ */
export async function fetchIpInfo(ip: string, signal?: AbortSignal): Promise<IpInfo> {
  const { data } = await api.get<Wire<typeof ipInfoSchema>>(
    `${apiBase.rep}/v2/ips/${encodeURIComponent(ip)}/ip-info-io/`,
    { signal },
  );
  return data.data.attributes;
}

/** GET /api/ph/public-config/ (public): the reCAPTCHA site key, when the captcha is on. */
export async function fetchPublicConfig(): Promise<PublicConfig> {
  const { data } = await api.get<PublicConfig>(`${apiBase.ph}/public-config/`, { public: true });
  return data;
}
