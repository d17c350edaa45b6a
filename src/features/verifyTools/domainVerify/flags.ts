// The domain check form flags (spec section 3) and the shareable URL: the domain and the flags travel in the
// query string (?domain=example.com&spf=1&dmarc=1...), so a copied link runs the same check.

export const flagNames = [
  'nameServers',
  'smtpServers',
  'dnssec',
  'spf',
  'dmarc',
  'dane',
  'tls',
  'tlsRpt',
  'mtaSts',
] as const;

export type FlagName = (typeof flagNames)[number];
export type CheckFlags = Record<FlagName, boolean>;
export type DomainCheckForm = { domain: string } & CheckFlags;

/** The check (contract/checks.ts) each system is read from; its descriptor is contract/operations/checks.ts. */
export const systemKinds = {
  dns: 'dns',
  spf: 'spf',
  dmarc: 'dmarc',
  mtaSts: 'mta-sts',
  tlsRpt: 'tls-rpt',
  dnssec: 'dnssec',
  dane: 'dane',
  smtp: 'smtp',
} as const;

export type SystemName = keyof typeof systemKinds;
export const systemNames = Object.keys(systemKinds) as SystemName[];

/** Which call each flag needs: SMTP servers and TLS share the SMTP probe, name servers come with DNS. */
export const systemOfFlag: Record<FlagName, SystemName> = {
  nameServers: 'dns',
  smtpServers: 'smtp',
  tls: 'smtp',
  dnssec: 'dnssec',
  spf: 'spf',
  dmarc: 'dmarc',
  dane: 'dane',
  tlsRpt: 'tlsRpt',
  mtaSts: 'mtaSts',
};

export const allFlags = (value: boolean): CheckFlags =>
  Object.fromEntries(flagNames.map((f) => [f, value])) as CheckFlags;

export function systemsFor(flags: CheckFlags): SystemName[] {
  const wanted = new Set(flagNames.filter((f) => flags[f]).map((f) => systemOfFlag[f]));
  return systemNames.filter((s) => wanted.has(s));
}

const truthy = (v: string | null) => v === '1' || v === 'true';

/** Reads the form from a query string. No flag at all means every system. */
export function formFromQuery(params: URLSearchParams): DomainCheckForm {
  const domain = (params.get('domain') ?? '').trim();
  const given = flagNames.some((f) => params.has(f));
  const flags = given
    ? (Object.fromEntries(flagNames.map((f) => [f, truthy(params.get(f))])) as CheckFlags)
    : allFlags(true);
  return { domain, ...flags };
}

export function queryFromForm(form: DomainCheckForm): URLSearchParams {
  const params = new URLSearchParams({ domain: form.domain.trim() });
  for (const f of flagNames) if (form[f]) params.set(f, '1');
  return params;
}
