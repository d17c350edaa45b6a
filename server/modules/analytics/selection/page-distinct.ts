import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../../db/database';

// Distinct counts (sources of a domain, domains of an IP, IPs of a sender) cost a sort of every rollup row when
// computed for every group. The lists compute their sums for all groups (one hash aggregate), page them, and
// count distinct values only for the groups on the page, unless the caller sorts by such a count.

export async function distinctForPage(
  db: Db,
  where: Expression<SqlBool>,
  group: RawBuilder<unknown>,
  keys: string[],
  counts: Record<string, RawBuilder<unknown>>,
  // An index-friendly form of `group = any(keys)` when the group is an expression.
  match: RawBuilder<SqlBool> = sql<SqlBool>`${group} = any(${keys}::text[])`,
): Promise<Map<string, Record<string, number>>> {
  const out = new Map<string, Record<string, number>>();
  if (keys.length === 0) return out;
  // One query per count, each a hash aggregate of the distinct (group, value) pairs counted per group: cheaper
  // than count(distinct), which sorts its input.
  for (const [name, col] of Object.entries(counts)) {
    const { rows } = await sql<{ k: string; n: string | number }>`select k, count(*) as n
      from (select ${group} as k, ${col} as v from dmarc_rollups u where ${where} and ${match} group by 1, 2) x
      group by k`.execute(db);
    for (const r of rows) {
      const figures = out.get(String(r.k)) ?? {};
      figures[name] = Number(r.n);
      out.set(String(r.k), figures);
    }
  }
  return out;
}
