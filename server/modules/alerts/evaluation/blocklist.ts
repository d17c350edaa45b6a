import { sql } from 'kysely';
import type { AppContext } from '../../../context';
import type { Db } from '../../../db/database';
import { ipBlocklistStatus } from '../../reputation';
import { addDays, blocklistFindings, type IpListing } from './evaluators';
import { applyVerdicts } from './evaluate';
import { sendPending } from '../delivery/send';
import { findRule, markEvaluated, type AlertRuleRow, ruleDomains } from '../repo';

// ip_blocklisted: judged by the hourly sweep with live DNS lookups (blocklist state keeps no history). The
// IPs are the rule's own (an ip scope) or the largest senders of its domains over the last 7 days, from the
// per-day rollups; the lookups run outside any transaction, through the reputation area's service (its
// zones, timeouts and answer cache).

/** At most this many distinct IPs looked up per organization and sweep, whatever its number of rules. */
export const lookupsPerOrganization = 200;
export const sourceDays = 7;

/** One sweep's lookups: each IP asked once, and a budget per organization. */
export type LookupBudget = { left: Map<number, number>; answers: Map<string, Promise<IpListing | null>> };
export const newBudget = (): LookupBudget => ({ left: new Map(), answers: new Map() });

/** The IPs a rule watches, largest sender first. */
export async function watchedIps(db: Db, rule: AlertRuleRow, now: Date): Promise<string[]> {
  if (rule.scope_type === 'ip') return [rule.target_selection];
  const domains = await ruleDomains(db, rule);
  if (domains.length === 0) return [];
  const to = now.toISOString().slice(0, 10);
  const { rows } = await sql<{ ip: string }>`
    select source_ip as ip from dmarc_rollups
     where organization_id = ${rule.organization_id} and domain in (${sql.join(domains)})
       and day between ${addDays(to, -(sourceDays - 1))}::date and ${to}::date
     group by source_ip order by sum(messages) desc, source_ip limit ${Number(rule.params.top_sources)}`.execute(
    db,
  );
  return rows.map((r) => r.ip);
}

/** IPs looked up at once (each asks every list at once): a sweep at the cap waits 25 rounds at most. */
export const lookupsAtOnce = 8;

/** The lookups of the rule's IPs within the organization's budget; IPs past it are not judged this sweep. */
export async function lookUp(
  ctx: AppContext,
  rule: AlertRuleRow,
  ips: string[],
  budget: LookupBudget,
): Promise<IpListing[]> {
  const wanted: string[] = [];
  const fresh: string[] = [];
  for (const ip of ips) {
    if (!budget.answers.has(ip) && !fresh.includes(ip)) {
      const left = budget.left.get(rule.organization_id) ?? lookupsPerOrganization;
      if (left <= 0) break;
      budget.left.set(rule.organization_id, left - 1);
      fresh.push(ip);
    }
    wanted.push(ip);
  }
  for (let i = 0; i < fresh.length; i += lookupsAtOnce) {
    const round = fresh.slice(i, i + lookupsAtOnce).map((ip) => {
      const answer = ipBlocklistStatus(ctx, ip).catch((err: unknown) => {
        ctx.logger.warn({ err, ip }, 'blocklist lookup failed');
        return null;
      });
      budget.answers.set(ip, answer);
      return answer;
    });
    await Promise.all(round);
  }
  const out: IpListing[] = [];
  for (const ip of wanted) {
    const listing = await budget.answers.get(ip);
    if (listing) out.push(listing);
  }
  return out;
}

/** One ip_blocklisted rule in a sweep: look up, then judge today and send in one transaction. */
export async function sweepBlocklistRule(
  ctx: AppContext,
  organizationId: number,
  ruleId: number,
  budget: LookupBudget,
): Promise<number[]> {
  const now = ctx.now();
  // One rule by id, not the organization's active rules filtered (a sweep calls this once per rule).
  const rule = await findRule(ctx.db, ruleId, organizationId);
  if (!rule?.is_active) return [];
  const listings = await lookUp(ctx, rule, await watchedIps(ctx.db, rule, now), budget);
  const day = now.toISOString().slice(0, 10);
  return ctx.db.transaction().execute(async (trx) => {
    const fresh = await markEvaluated(trx, ruleId, organizationId, now);
    if (!fresh) return [];
    await applyVerdicts(trx, fresh, blocklistFindings(listings, fresh.params), day, now);
    return sendPending(ctx, trx, fresh, now);
  });
}
