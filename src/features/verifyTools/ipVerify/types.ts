// The IP verify calls' answers as the client sees them (keys camelCased by src/api/client.ts).

export type ListStatus = 'listed' | 'not_listed' | 'error' | 'timeout';

export type ListResult = {
  name: string;
  zone: string;
  kind: 'block' | 'allow';
  status: ListStatus;
  codes: { code: string; meaning: string }[];
  reason: string | null;
  error: string | null;
  timeMs: number;
  delistUrl: string | null;
};

export type Reputation = {
  category: string;
  label: string;
  level: number | null;
  description: string;
  colour: string;
  address: string | null;
  zone: string | null;
  lookup: 'ok' | 'error' | 'timeout' | 'not_configured';
};

/** Spec section 3 "IP listing" plus the reputation summary (listed, noListed, reverseDns). */
export type IpListing = {
  target: string;
  ipVersion: number;
  asn: string | null;
  net: string | null;
  countryCode: string | null;
  title: string;
  targetHost: string | null;
  targetHostConfirmed: boolean;
  city: string | null;
  region: string | null;
  lookupList: ListResult[];
  listed: number;
  noListed: number;
  failed: number;
  allowListed: number;
  reverseDns: string | null;
  reputation: Reputation;
  delistable: boolean;
  checkedAt: string;
};

/** Spec section 3 "IP info". */
export type IpInfo = {
  ip: string;
  hostname: string | null;
  hostnameConfirmed: boolean;
  city: string | null;
  region: string | null;
  country: string | null;
  postal: string | null;
  loc: string | null;
  org: string | null;
  timezone: string | null;
  spfDomains: string[];
  dkimDomains: string[];
};

export type PublicConfig = { recaptchaSiteKey: string | null; recaptchaEnabled: boolean };

export type LookupRequest = { target: string; token: string };
