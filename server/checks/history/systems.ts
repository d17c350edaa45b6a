import { analysisSystems } from '../../../contract/analysis';
import type { CheckStatus } from '../../db/schema-checks';
import { toWire } from '../../modules/checks';
import { checkDkim } from '../dkim/check';
import { runChecks } from '../domain/aggregate';
import type { CheckContext } from '../domain/context';
import type { CheckFlag } from '../domain/registry';
import { bySeverity, statusOf, type LooseWarning } from './status';

// The systems of the stored results (checks contract) and the registered checker behind each. `tls` is the
// TLS page: its stored result is the TLS-RPT check; the TLS reports received are counted when read.

export const SYSTEMS = analysisSystems;
export type System = (typeof SYSTEMS)[number];

const FLAGS: Record<Exclude<System, 'dkim'>, { flag: CheckFlag; key: string }> = {
  dmarc: { flag: 'dmarc', key: 'dmarc' },
  spf: { flag: 'spf', key: 'spf' },
  smtp: { flag: 'smtpServers', key: 'smtp' },
  tls: { flag: 'tlsRpt', key: 'tlsRpt' },
  'mta-sts': { flag: 'mtaSts', key: 'mtaSts' },
  dnssec: { flag: 'dnssec', key: 'dnssec' },
};

export type SystemOutcome = {
  system: System;
  status: CheckStatus;
  score: number | null;
  /** Wire form (snake_case keys), most serious first. */
  warnings: LooseWarning[];
  /** The wire result document, as /checks/{system}/{domain} returns it. */
  result: unknown;
};

function outcome(system: System, raw: unknown): SystemOutcome {
  const value = raw as { error?: unknown; warnings?: unknown; score?: unknown } | null;
  if (!value || typeof value.error === 'string') {
    const message = typeof value?.error === 'string' ? value.error : 'The check failed.';
    return {
      system,
      status: 'fail',
      score: null,
      warnings: [{ code: 'check_failed', severity: 'error', message, params: { error: message } }],
      result: null,
    };
  }
  const wire = toWire(value) as { warnings?: LooseWarning[] };
  const warnings = bySeverity(Array.isArray(wire.warnings) ? wire.warnings : []);
  return {
    system,
    status: statusOf(warnings),
    score: typeof value.score === 'number' ? value.score : null,
    warnings,
    result: wire,
  };
}

/** Runs every system for one domain through the checker registry; `selectors` are DKIM selectors from reports. */
export async function runSystems(
  domain: string,
  selectors: string[],
  ctx: CheckContext,
  onError?: (system: string, error: unknown) => void,
): Promise<SystemOutcome[]> {
  const entries = Object.entries(FLAGS) as [Exclude<System, 'dkim'>, { flag: CheckFlag; key: string }][];
  const [aggregate, dkim] = await Promise.all([
    runChecks(
      domain,
      entries.map(([, f]) => f.flag),
      ctx,
      { onError: (flag, e) => onError?.(flag, e) },
    ),
    checkDkim(domain, selectors, ctx).catch((e: unknown) => {
      onError?.('dkim', e);
      return { error: `The check failed: ${e instanceof Error ? e.message : String(e)}` };
    }),
  ]);
  const byKey = aggregate.checks;
  return SYSTEMS.map((system) => outcome(system, system === 'dkim' ? dkim : byKey[FLAGS[system].key]));
}
