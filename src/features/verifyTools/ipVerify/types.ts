import type { z } from 'zod';
import type { Wire } from '../../../../contract/casing';
import type {
  ipInfoSchema,
  ipVerifyQuery,
  listingDocumentSchema,
  publicConfigSchema,
} from '../../../../contract/reputation';

// The IP verify calls' answers as the client sees them: the contract's schemas (contract/reputation.ts)
// after the client's camelCase mapping.

/** Spec section 3 "IP listing" plus the reputation summary (listed, noListed, reverseDns). */
export type IpListing = Wire<typeof listingDocumentSchema>['data']['attributes'];
export type ListResult = IpListing['lookupList'][number];
export type ListStatus = ListResult['status'];
export type Reputation = IpListing['reputation'];

/** Spec section 3 "IP info". */
export type IpInfo = Wire<typeof ipInfoSchema>['data']['attributes'];

export type PublicConfig = Wire<typeof publicConfigSchema>;

/** What the lookup form asks for: the IP or host, and the captcha token (the query keeps its camelCase). */
export type LookupRequest = Required<Pick<z.input<typeof ipVerifyQuery>, 'target' | 'token'>>;
