import { analyseSpf } from '../spf/analyse';
import { checkDmarc } from '../dmarc/check';
import { checkDns } from '../dns/check';
import { checkMtaSts } from '../mtasts/check';
import { checkTlsRpt } from '../tlsrpt/check';
import { runDaneCheck, runDnssecCheck, runSmtpCheck } from '../smtp/runners';
import type { CheckContext } from './context';

// The checkers the aggregate /checks/domain/{domain} runs, keyed by the domain check form flag of product
// spec section 3. To plug a checker in, import it and add one line: `flag: { key, run }`. `key` names its
// result in the aggregate document. A result should carry `warnings` and `score` (0-100); a DNSSEC result
// also a `status` (secure | insecure | bogus), copied into the DNS result's dnssec field.

export type CheckFlag =
  'nameServers' | 'smtpServers' | 'dnssec' | 'spf' | 'dmarc' | 'dane' | 'tls' | 'tlsRpt' | 'mtaSts';

export const CHECK_FLAGS: CheckFlag[] = [
  'nameServers',
  'smtpServers',
  'dnssec',
  'spf',
  'dmarc',
  'dane',
  'tls',
  'tlsRpt',
  'mtaSts',
];

export type Checker<R = unknown> = (domain: string, ctx: CheckContext) => Promise<R>;

export type RegisteredChecker = { key: string; run: Checker };

export const checkers: Partial<Record<CheckFlag, RegisteredChecker>> = {
  nameServers: { key: 'dns', run: checkDns },
  spf: { key: 'spf', run: (domain, ctx) => analyseSpf(domain, ctx.resolver) },
  dmarc: { key: 'dmarc', run: checkDmarc },
  tlsRpt: { key: 'tlsRpt', run: checkTlsRpt },
  mtaSts: { key: 'mtaSts', run: checkMtaSts },
  dnssec: { key: 'dnssec', run: runDnssecCheck },
  dane: { key: 'dane', run: runDaneCheck },
  smtpServers: { key: 'smtp', run: runSmtpCheck },
  tls: { key: 'tls', run: runSmtpCheck },
};
