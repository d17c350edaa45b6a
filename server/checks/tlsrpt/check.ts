import type { CheckContext } from '../domain/context';
import { lookupMx } from '../dns/mailExchangers';
import { isDnsFailure } from '../dnsTypes';
import { sortWarnings, warn, type CheckWarning } from '../score/warning';
import { isTlsRptRecord, parseTlsRptRecord, type TlsRptPolicy } from './record';
import { scoreTlsRpt } from './score';

// The TLS-RPT check (RFC 8460 §3): the record at _smtp._tls.<domain>, its rua destinations, and whether
// each mailto: destination's domain can receive mail.

export type TlsRptResult = {
  domain: string;
  record: string | null;
  valid: boolean;
  location: string;
  policy: TlsRptPolicy | null;
  warnings: CheckWarning[];
  score: number;
};

export async function checkTlsRpt(domain: string, ctx: CheckContext): Promise<TlsRptResult> {
  const warnings: CheckWarning[] = [];
  const location = `_smtp._tls.${domain}`;
  const ans = await ctx.resolver.query(location, 'TXT');
  const records = ans.answers.flatMap((r) => (r.type === 'TXT' && isTlsRptRecord(r.text) ? [r.text] : []));
  const result = (
    state: 'none' | 'invalid' | 'ok',
    record: string | null,
    policy: TlsRptPolicy | null,
  ): TlsRptResult => {
    const sorted = sortWarnings(warnings);
    return {
      domain,
      record,
      valid: state === 'ok',
      location,
      policy,
      warnings: sorted,
      score: scoreTlsRpt(state, sorted),
    };
  };
  if (isDnsFailure(ans)) {
    warnings.push(
      warn('dns_error', 'error', `The lookup of ${location} failed (${ans.rcode}).`, undefined, {
        context: 'lookup',
        name: location,
        rcode: ans.rcode,
      }),
    );
    return result('none', null, null);
  }
  if (records.length === 0) {
    const near = ans.answers.some((r) => r.type === 'TXT' && /v\s*=\s*TLSRPTv1/i.test(r.text));
    warnings.push(
      warn(
        'no_record',
        'error',
        near
          ? `${location} has a record that does not start exactly with "v=TLSRPTv1": senders ignore it.`
          : `No v=TLSRPTv1 TXT record at ${location}.`,
        undefined,
        { context: near ? 'tlsrpt_near' : 'tlsrpt', location },
      ),
    );
    return result('none', null, null);
  }
  if (records.length > 1) {
    warnings.push(
      warn(
        'multiple_records',
        'error',
        `${location} has ${records.length} TLS-RPT records: senders ignore them all (RFC 8460 §3).`,
        undefined,
        { context: 'tlsrpt', location, records: records.length },
      ),
    );
    return result('invalid', null, null);
  }
  const policy = parseTlsRptRecord(records[0], warnings);
  if (!policy) return result('invalid', records[0], null);

  const domains = [...new Set(policy.rua.flatMap((u) => (u.domain ? [u.domain] : [])))];
  await Promise.all(
    domains.map(async (d) => {
      const mx = await lookupMx(ctx.resolver, d);
      if (mx.failed)
        warnings.push(
          warn('dns_error', 'warning', `Could not look up the MX of ${d}.`, d, {
            context: 'destination_mx',
            domain: d,
          }),
        );
      else if (mx.records.length === 0 || mx.records.every((r) => r.exchange === '.' || r.exchange === '')) {
        warnings.push(
          warn(
            'destination_no_mx',
            'warning',
            `Report destination domain ${d} has no usable MX: reports cannot be delivered.`,
            d,
            { context: 'tlsrpt', domain: d },
          ),
        );
      }
    }),
  );
  return result('ok', records[0], policy);
}
