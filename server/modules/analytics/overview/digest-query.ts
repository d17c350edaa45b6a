import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import type { Selection } from '../selection/filter';
import { reportCondition, rollupCondition } from '../selection/where';

// Two figures the digest needs beside the endpoints' own: which of some source IPs sent anything in a
// selection (a "new source" is one that did not in the previous period), and the DMARC policy in force per
// domain (the one published in the latest report received for the window).

export async function sourcesSeen(db: Db, s: Selection, ips: string[]): Promise<Set<string>> {
  if (ips.length === 0) return new Set();
  const { rows } = await sql<{ ip: string }>`select distinct u.source_ip as ip from dmarc_rollups u
    where ${rollupCondition(s)} and u.source_ip = any(${ips}::text[])`.execute(db);
  return new Set(rows.map((r) => r.ip));
}

export async function policiesInForce(db: Db, s: Selection): Promise<Map<string, string>> {
  const { rows } = await sql<{ domain: string; p: string | null }>`select distinct on (r.domain) r.domain,
      r.policy->>'p' as p
    from dmarc_reports r where ${reportCondition(s)}
    order by r.domain, r.begin_date desc, r.id desc`.execute(db);
  return new Map(rows.map((r) => [r.domain, r.p ?? '']));
}
