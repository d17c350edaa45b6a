import { parseArgs } from 'node:util';
import dotenv from 'dotenv';
import { parseSettings } from '../config';
import type { CheckContext } from '../checks/domain/context';
import { checkDocument, type CheckKind } from '../modules/checks/documents';
import { checkContextFrom, checkTarget, runCheck, validIp } from '../modules/checks/service';
import { errorText } from '../lib/errors';
import { UsageError } from './errors';
import { checkUsage } from './usage';

// msas check <spf|dmarc|mta-sts|tls-rpt|dns|domain> <domain> [--ip IP --sender ADDR --helo NAME] [--json]
// Prints the same document as GET /checks/<kind>/<domain> (--json) or a readable summary. DNS_SERVERS
// chooses the resolver. For spf with --ip, the check_host() result word and explanation come first.

const KINDS: CheckKind[] = ['spf', 'dmarc', 'mta-sts', 'tls-rpt', 'dns', 'domain'];

type Warning = { severity: string; code: string; message: string };
type Scored = { score?: number; valid?: boolean; warnings?: Warning[]; error?: string };

export async function checkCommand(
  args: string[],
  print: (line: string) => void,
  overrides: Partial<CheckContext> = {},
): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      ip: { type: 'string' },
      sender: { type: 'string' },
      helo: { type: 'string' },
      json: { type: 'boolean' },
    },
    allowPositionals: true,
  });
  const [kind, domainArg] = positionals as [CheckKind | undefined, string | undefined];
  if (kind && !KINDS.includes(kind))
    throw new UsageError(`check: "${kind}" is not a check (one of ${KINDS.join(', ')})`);
  if (!kind || !domainArg) throw new UsageError(`usage: msas ${checkUsage}`);
  if (values.ip !== undefined && !validIp(values.ip))
    throw new UsageError(`--ip: "${values.ip}" is not an IP address`);
  const input = checkTarget(kind, domainArg, values.ip);
  if (!input.ok) throw new UsageError(`domain "${domainArg}": ${errorText({ code: input.error })}`);
  dotenv.config({ quiet: true });
  const ctx = checkContextFrom(parseSettings(process.env), overrides);
  const query = Object.fromEntries(
    Object.entries({ ip: values.ip, sender: values.sender, helo: values.helo }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  const result = await runCheck(kind, input.domain, ctx, query);
  if (values.json) {
    print(JSON.stringify(checkDocument(kind, input.domain, result, new Date(), false), null, 2));
    return 0;
  }
  const host = (result as { checkHost?: { result: string; explanation?: string; error?: string } }).checkHost;
  if (host) {
    print(host.result);
    if (host.explanation ?? host.error) print(host.explanation ?? host.error ?? '');
  }
  if (kind === 'domain') {
    const { checks, score } = result as { checks: Record<string, Scored>; score: number | null };
    print(`${input.domain}: score ${score ?? '-'}`);
    for (const [name, r] of Object.entries(checks)) summary(`${name}`, r, print);
  } else {
    summary(`${kind} ${input.domain}`, result as Scored, print);
  }
  return 0;
}

function summary(title: string, r: Scored, print: (line: string) => void) {
  if (r.error) {
    print(`${title}: ${r.error}`);
    return;
  }
  const valid = r.valid === undefined ? '' : r.valid ? ', valid' : ', not valid';
  print(`${title}: score ${r.score ?? '-'}${valid}`);
  for (const w of r.warnings ?? []) print(`  ${w.severity.padEnd(7)} ${w.code}: ${w.message}`);
}
