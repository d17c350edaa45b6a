import type { CompiledQuery } from 'kysely';
import { captureDb } from '../db/testing/capture-db';
import type { AggregateRecord } from '../dmarc/types';
import { addPending, emptyPending, flushPending, rememberIps } from './flush';
import { rollupRows } from './rollups';

// The statement flushPending sends, compiled by Kysely for PostgreSQL and kept instead of run: its text and
// parameters must stay byte for byte what they were (the array literals are built by hand for speed).
function capture() {
  const sent: CompiledQuery[] = [];
  const db = captureDb((query) => {
    sent.push(query);
    return [];
  });
  return { db, sent };
}

const rec = (ip: string, count: number, dkim: 'pass' | 'fail', disposition: 'none' | 'reject') =>
  ({
    sourceIp: ip,
    count,
    policyEvaluated: { disposition, dkim, spf: 'fail', reasons: [] },
    identifiers: { headerFrom: 'example.com', envelopeFrom: null, envelopeTo: null },
    authResults: {
      dkim: [{ domain: 'example.com', selector: 's1', result: dkim, humanResult: null }],
      spf: [{ domain: 'example.com', scope: 'mfrom', result: 'pass', humanResult: null }],
    },
  }) satisfies AggregateRecord;

const expectedSql = `with ins_ip as (
      insert into ip_enrichment (ip)
      select ip from unnest($1::text[]) as u(ip) order by ip
      on conflict do nothing
    )
    insert into dmarc_rollups (day, organization_id, domain, source_ip, sender_service, dkim_auth, spf_auth,
      dkim_aligned, spf_aligned, dmarc_pass, disposition, messages, records)
    select u.day, u.organization_id, u.domain, u.source_ip,
      (select e.sender_service from ip_enrichment e where e.ip = u.source_ip), u.dkim_auth, u.spf_auth,
      u.dkim_aligned, u.spf_aligned, u.dmarc_pass, u.disposition, u.messages, u.records
    from unnest($2::date[], $3::bigint[], $4::text[],
      $5::text[], $6::bool[], $7::bool[],
      $8::bool[], $9::bool[], $10::bool[],
      $11::text[], $12::int8[], $13::int[])
      as u(day, organization_id, domain, source_ip, dkim_auth, spf_auth, dkim_aligned, spf_aligned, dmarc_pass,
        disposition, messages, records)
    order by u.organization_id, u.domain, u.day, u.source_ip, u.dkim_auth, u.spf_auth, u.dkim_aligned,
      u.spf_aligned, u.disposition
    on conflict ("organization_id", "domain", "day", "source_ip", "dkim_auth", "spf_auth", "dkim_aligned", "spf_aligned", "disposition") do update set
  messages = dmarc_rollups.messages + excluded.messages,
  records = dmarc_rollups.records + excluded.records,
  sender_service = coalesce(excluded.sender_service, dmarc_rollups.sender_service)`;

const base = { day: '2026-11-01', organizationId: 7, domain: 'example.com' };

/** A batch's pending writes with two IPs and their two rollup rows. */
function twoIps() {
  const pending = emptyPending();
  addPending(
    pending,
    ['192.0.2.1', '192.0.2.2'],
    rollupRows([rec('192.0.2.1', 3, 'pass', 'none'), rec('192.0.2.2', 1, 'fail', 'reject')], base),
  );
  return pending;
}

describe('the pending writes of a batch', () => {
  it('sends the rollup rows in the order first seen, one array literal per column', async () => {
    const { db, sent } = capture();
    const pending = twoIps();
    // A damaged report's domain with a quote and a backslash, kept as sent.
    const odd = { day: '2026-11-02', organizationId: 8, domain: 'we"ird\\.example' };
    addPending(pending, ['192.0.2.1'], rollupRows([rec('192.0.2.1', 5, 'pass', 'none')], odd));
    addPending(pending, ['192.0.2.3'], rollupRows([rec('192.0.2.1', 2, 'pass', 'none')], base));
    await flushPending(db, pending, new Set());
    expect(sent).toHaveLength(1);
    expect(sent[0].sql).toBe(expectedSql);
    expect(sent[0].parameters).toEqual([
      '{"192.0.2.1","192.0.2.2","192.0.2.3"}',
      '{"2026-11-01","2026-11-01","2026-11-02"}',
      '{7,7,8}',
      '{"example.com","example.com","we\\"ird\\\\.example"}',
      '{"192.0.2.1","192.0.2.2","192.0.2.1"}',
      '{t,f,t}',
      '{t,t,t}',
      '{t,f,t}',
      '{f,f,f}',
      '{t,f,t}',
      '{"none","reject","none"}',
      '{5,1,5}',
      '{2,1,1}',
    ]);
  });

  it('sends nothing when the batch stored nothing', async () => {
    const { db, sent } = capture();
    await flushPending(db, emptyPending(), new Set());
    expect(sent).toHaveLength(0);
  });

  it('queues only the IPs not known to have their enrichment row', async () => {
    const { db, sent } = capture();
    const pending = twoIps();
    await flushPending(db, pending, new Set(['192.0.2.1']));
    expect(sent[0].parameters[0]).toBe('{"192.0.2.2"}');
    await flushPending(db, pending, new Set(['192.0.2.1', '192.0.2.2']));
    expect(sent[1].parameters[0]).toBe('{}');
    expect(sent[1].parameters[4]).toBe('{"192.0.2.1","192.0.2.2"}');
  });

  it("remembers a committed batch's IPs, and starts again empty when full", () => {
    const known = new Set<string>();
    const pending = emptyPending();
    addPending(pending, ['192.0.2.1', '192.0.2.2'], new Map());
    rememberIps(known, pending, 3);
    expect([...known]).toEqual(['192.0.2.1', '192.0.2.2']);
    const next = emptyPending();
    addPending(next, ['192.0.2.3', '192.0.2.4'], new Map());
    rememberIps(known, next, 3);
    expect([...known]).toEqual(['192.0.2.3', '192.0.2.4']);
  });
});
