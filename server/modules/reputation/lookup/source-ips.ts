import type { Db } from '../../../db/database';
import { sourceIps } from '../repo';

export const sourceIpsPageSize = 25;

// GET /api/rep/ips/: the organization's report source IPs as a JSON:API list with paging links.
export async function sourceIpsPage(db: Db, organizationId: number | null, page: number, url: string) {
  const { rows, total } = await sourceIps(db, organizationId, page, sourceIpsPageSize);
  const last = Math.max(1, Math.ceil(total / sourceIpsPageSize));
  const path = url.split('?')[0];
  const link = (p: number) => `${path}?page=${p}`;
  return {
    data: rows.map((r) => ({
      type: 'ips' as const,
      id: r.ip,
      attributes: {
        ip: r.ip,
        messages: r.messages,
        reports: r.reports,
        last_seen: new Date(r.last_seen).toISOString(),
      },
    })),
    links: {
      current: link(page),
      first: link(1),
      last: link(last),
      next: page < last ? link(page + 1) : null,
      prev: page > 1 ? link(Math.min(page - 1, last)) : null,
    },
    meta: { count: total },
  };
}
