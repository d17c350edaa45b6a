import type { CheckContext } from '../domain/context';
import { lookupMx } from '../dns/mailExchangers';
import { hostAddresses } from '../dns/hostAddresses';
import { isDnsFailure } from '../dnsTypes';
import { sortWarnings, warn, type CheckWarning } from '../score/warning';
import { chooseTarget } from '../targets';
import { createPolicyFetcher, type PolicyFetch } from './fetchPolicy';
import { mxMatches } from './mxPattern';
import { parsePolicy, type ParsedPolicy } from './policy';
import { isStsRecord, parseStsRecord, type StsRecord } from './record';
import { scoreMtaSts } from './score';
import type { MtaStsResult } from './types';

// The MTA-STS check (RFC 8461): the TXT record, the policy fetched over HTTPS from mta-sts.<domain>, and
// whether every MX host of the domain matches one of the policy's mx patterns (§4.1).

export const FETCH_MESSAGES: Record<Exclude<PolicyFetch, { ok: true }>['reason'], string> = {
  tls: 'the HTTPS certificate is not valid for the policy host (RFC 8461 §3.3)',
  redirect: 'the server answered with a redirect, which senders must not follow (RFC 8461 §3.3)',
  status: 'the server did not answer 200',
  content_type: 'the policy must be served as text/plain (RFC 8461 §3.2)',
  too_large: 'the policy is larger than 64 KiB',
  network: 'the policy host could not be reached',
  timeout: 'the policy host did not answer in time',
};

export async function checkMtaSts(domain: string, ctx: CheckContext): Promise<MtaStsResult> {
  const warnings: CheckWarning[] = [];
  const location = `_mta-sts.${domain}`;
  const policyHost = `mta-sts.${domain}`;
  const url = `https://${policyHost}/.well-known/mta-sts.txt`;
  const fetcher = ctx.fetchPolicy ?? createPolicyFetcher();

  const [txt, fetched, mx] = await Promise.all([
    ctx.resolver.query(location, 'TXT'),
    (async () => {
      const addr = await hostAddresses(ctx.resolver, policyHost);
      const target = chooseTarget(policyHost, addr.addresses, ctx.allowPrivateTargets);
      if (target.address === null || target.refusal) return { addr, refusal: target.refusal, result: null };
      return { addr, refusal: null, result: await fetcher(policyHost, target.address) };
    })(),
    lookupMx(ctx.resolver, domain),
  ]);

  // The record.
  let record: StsRecord | null = null;
  let recordText: string | null = null;
  const stsTexts = txt.answers.flatMap((r) => (r.type === 'TXT' && isStsRecord(r.text) ? [r.text] : []));
  if (isDnsFailure(txt)) {
    warnings.push(
      warn('dns_error', 'error', `The lookup of ${location} failed (${txt.rcode}).`, undefined, {
        context: 'lookup',
        name: location,
        rcode: txt.rcode,
      }),
    );
  } else if (stsTexts.length > 1) {
    warnings.push(
      warn(
        'multiple_records',
        'error',
        `${location} has ${stsTexts.length} v=STSv1 records: senders assume no policy (RFC 8461 §3.1).`,
        undefined,
        { context: 'mtasts', location, records: stsTexts.length },
      ),
    );
  } else if (stsTexts.length === 1) {
    recordText = stsTexts[0];
    record = parseStsRecord(recordText, warnings);
  } else {
    warnings.push(
      warn('no_record', 'error', `No v=STSv1 TXT record at ${location}.`, undefined, {
        context: 'mtasts',
        location,
      }),
    );
  }

  // The policy.
  let parsed: ParsedPolicy | null = null;
  let data: string | null = null;
  const { addr, refusal, result } = fetched;
  if (refusal) {
    warnings.push(refusal);
  } else if (!result) {
    const why = addr.failed ? 'its address lookup failed' : 'it has no A or AAAA record';
    if (record || stsTexts.length)
      warnings.push(
        warn('policy_host_unresolvable', 'error', `${policyHost} cannot be reached: ${why}.`, policyHost, {
          context: addr.failed ? 'failed' : 'no_address',
          host: policyHost,
        }),
      );
  } else if (!result.ok) {
    warnings.push(
      warn(
        `policy_${result.reason}`,
        'error',
        `The policy at ${url} cannot be used: ${FETCH_MESSAGES[result.reason]} (${result.detail}).`,
        policyHost,
        { url, detail: result.detail },
      ),
    );
  } else {
    data = result.body;
    parsed = parsePolicy(result.body);
    warnings.push(...parsed.warnings);
  }

  // MX coverage (RFC 8461 §4.1): every MX host should match a pattern, or mail to it fails under enforce.
  const hosts = mx.records.filter((r) => r.exchange !== '.' && r.exchange !== '').map((r) => r.exchange);
  const patterns = parsed?.info.mx ?? [];
  const mxCoverage = parsed?.usable
    ? hosts.map((host) => ({ host, covered: patterns.some((p) => mxMatches(p, host)) }))
    : [];
  for (const c of mxCoverage.filter((c) => !c.covered)) {
    const enforce = parsed?.info.mode === 'enforce';
    warnings.push(
      warn(
        'mx_not_covered',
        enforce ? 'error' : 'warning',
        `MX ${c.host} matches no mx pattern of the policy${enforce ? ': senders enforcing it will not deliver there' : ''}.`,
        c.host,
        enforce ? { context: 'enforce', host: c.host } : { host: c.host },
      ),
    );
  }
  if (parsed?.usable && hosts.length === 0 && !mx.failed) {
    warnings.push(
      warn('no_mx', 'info', `${domain} has no MX hosts to compare with the policy.`, undefined, {
        context: 'mtasts',
        domain,
      }),
    );
  }

  const state =
    !record && !parsed
      ? 'none'
      : !parsed?.usable
        ? record
          ? 'no_policy'
          : 'none'
        : !record
          ? 'no_record'
          : 'ok';
  const sorted = sortWarnings(warnings);
  return {
    domain,
    record: recordText,
    id: record?.id ?? null,
    valid: state === 'ok' && !sorted.some((w) => w.severity === 'error'),
    location,
    policy: {
      url,
      data,
      info: parsed?.info ?? null,
      certificateExpires: result?.ok ? (result.certificateExpires ?? null) : null,
    },
    mxCoverage,
    warnings: sorted,
    score: scoreMtaSts(state, sorted),
  };
}
