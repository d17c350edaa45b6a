import type { Db } from '../db/database';
import { slugOfAddress, type ReportAddressing } from '../mail/report-address';

/** The organizations whose own report address is among these addresses, in the addresses' order. */
export async function organizationsAddressed(
  db: Db,
  addresses: string[],
  addressing: ReportAddressing,
): Promise<number[]> {
  const slugs = [...new Set(addresses.map((a) => slugOfAddress(a, addressing)).filter((s) => s !== null))];
  if (slugs.length === 0) return [];
  const rows = await db
    .selectFrom('organizations')
    .select(['id', 'report_slug'])
    .where('report_slug', 'in', slugs)
    .execute();
  const bySlug = new Map(rows.map((r) => [r.report_slug, r.id]));
  return slugs.flatMap((s) => (bySlug.has(s) ? [bySlug.get(s)!] : []));
}
