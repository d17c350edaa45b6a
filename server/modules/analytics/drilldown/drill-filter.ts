import { sql, type RawBuilder } from 'kysely';
import { unknownSender } from '../aggregations/aggregated-by-sender-query';

// The drill-down narrowing on dmarc_records aliased `rec` (with ip_enrichment `e` joined on its source IP):
// one source IP, and/or one sender service ("Unknown": IPs enrichment has attributed to nobody).

export type Drill = { sourceIp?: string; senderService?: string };

export function drillCondition(d: Drill): RawBuilder<unknown> {
  const ip = d.sourceIp ? sql`and rec.source_ip = ${d.sourceIp}` : sql``;
  if (d.senderService === undefined) return ip;
  const service =
    d.senderService === unknownSender
      ? sql`and e.sender_service is null`
      : sql`and lower(e.sender_service) = lower(${d.senderService})`;
  return sql`${ip} ${service}`;
}
