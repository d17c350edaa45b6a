import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertWorld, type AlertWorld, dayAgo, ingestDay, runEvaluations } from './alerts-setup';
import { call } from './support/orgs';

// Which rules an ingest batch queues: those whose scope holds a domain the batch's reports cover (a domain
// rule on that domain, a group holding it, the organization), found with one query for all the group rules
// (server/modules/alerts/jobs.ts), not one per rule.

let w: AlertWorld;
const grouped = 'grouped.example.com';
const other = 'other-queue.example.com';

beforeAll(async () => {
  w = await alertWorld(grouped);
  await w.t.db
    .insertInto('domains')
    .values({ name: other, organization_id: w.a.org.id, verified_at: new Date() })
    .execute();
}, 120_000);
afterAll(() => w?.close());

async function rule(scope_type: string, target_selection: string): Promise<number> {
  const res = await call(w.t, 'POST', '/api/dm/alerts/', w.a.tokens.owner, {
    scope_type,
    target_selection,
    condition: 'dmarc_failure_rate',
    destination_addresses: ['queue@example.com'],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

describe('the evaluations an ingest batch queues', () => {
  it('queues the rules whose scope covers the report, and only those', async () => {
    const group = await rule('domain_group', String(w.a.groupId));
    const sameDomain = await rule('domain', grouped);
    const organization = await rule('organization', '');
    await rule('domain', other);
    await ingestDay(w.t, { domain: grouped, day: dayAgo(2), pass: 10 });
    const ran = await runEvaluations(w.t);
    expect(ran.map((r) => r.ruleId).sort((x, y) => x - y)).toEqual(
      [group, sameDomain, organization].sort((x, y) => x - y),
    );
    expect(new Set(ran.map((r) => r.day))).toEqual(new Set([dayAgo(2)]));
    // A report for the domain outside the group queues neither the group's rule nor the grouped domain's.
    await ingestDay(w.t, { domain: other, day: dayAgo(2), pass: 10 });
    const next = await runEvaluations(w.t);
    expect(next.map((r) => r.ruleId)).not.toContain(group);
    expect(next.map((r) => r.ruleId)).not.toContain(sameDomain);
    expect(next.map((r) => r.ruleId)).toContain(organization);
  });
});
