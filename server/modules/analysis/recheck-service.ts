import type { AppContext } from '../../context';
import type { CheckContext } from '../../checks/domain/context';
import { checkDomainNow, storeDomainCheck, type DomainCheckOutcome } from '../../checks/history/recheck';
import { reportSelectors } from '../../checks/history/repo';
import { checkContextFrom } from '../checks/service';

// Checks of one domain on demand (POST /v2/domains/{id}/recheck/) and right after a domain is registered.
// The network half runs outside any transaction; only storing the results takes one.

const contexts = new WeakMap<AppContext, CheckContext>();

/** One check context (resolver, policy fetcher) per application, built at first use from its settings. */
export function checkContextFor(ctx: AppContext): CheckContext {
  let found = contexts.get(ctx);
  if (!found) {
    found = checkContextFrom(ctx.config);
    contexts.set(ctx, found);
  }
  return found;
}

export type CheckableDomain = { id: number; name: string; organization_id: number };

export async function checkAndStore(ctx: AppContext, domain: CheckableDomain): Promise<DomainCheckOutcome> {
  const selectors = await reportSelectors(ctx.db, domain);
  const outcome = await checkDomainNow(domain, selectors, checkContextFor(ctx), ctx.now, (system, err) =>
    ctx.logger.warn({ err, system, domain: domain.name }, 'a checker failed'),
  );
  await ctx.db.transaction().execute((trx) => storeDomainCheck(trx, outcome));
  return outcome;
}

/** Fire and forget: the first results and history of a newly registered domain, not blocking the request. */
export function queueDomainCheck(ctx: AppContext, domainId: number): void {
  // CHECK_INTERVAL_HOURS=0 turns the automatic checks off (the tests' default: no stray DNS traffic).
  if (ctx.config.checkIntervalHours === 0) return;
  void (async () => {
    const domain = await ctx.db
      .selectFrom('domains')
      .select(['id', 'name', 'organization_id'])
      .where('id', '=', domainId)
      .executeTakeFirst();
    if (domain) await checkAndStore(ctx, domain);
  })().catch((err: unknown) => ctx.logger.warn({ err, domainId }, 'first check of a new domain failed'));
}
