import { call } from '../../../api/call';
import { reputationOps } from '../../../../contract/operations/reputation';
import type { IpInfo, IpListing, LookupRequest, PublicConfig } from './types';

// The lookup form's query as spec section 7 has it: ?ipLookup=true&target=...[&delisting=true]&token=...
const verifyQuery = (target: string, token: string, delisting = false) => ({
  ipLookup: 'true',
  target,
  delisting: delisting ? 'true' : undefined,
  token,
});

/** The blocklist listing, reputation and network data of an IP. */
export async function fetchListing(
  { target, token }: LookupRequest,
  signal?: AbortSignal,
): Promise<IpListing> {
  const answer = await call(reputationOps.ipVerify, { query: verifyQuery(target, token) }, { signal });
  return answer.data.attributes;
}

/** Asks the operator to delist an IP from our reputation zone. */
export async function requestDelist({ target, token }: LookupRequest): Promise<{ target: string }> {
  await call(reputationOps.delist, { query: verifyQuery(target, token, true) });
  return { target };
}

/** Reverse DNS, geo and AS data of an IP. */
export async function fetchIpInfo(ip: string, signal?: AbortSignal): Promise<IpInfo> {
  const answer = await call(reputationOps.ipInfo, { params: { ip } }, { signal });
  return answer.data.attributes;
}

/** The public config (no token): the reCAPTCHA site key, when the captcha is on. */
export async function fetchPublicConfig(): Promise<PublicConfig> {
  return call(reputationOps.publicConfig);
}
