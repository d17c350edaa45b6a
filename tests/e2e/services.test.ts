// The service helpers of scripts/services start real daemons here and stop them cleanly.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startDovecot } from '../../scripts/services/dovecot';
import { startPostgres } from '../../scripts/services/postgres';
import { startPowerDns } from '../../scripts/services/powerdns';
import { tcpOpen } from '../../scripts/services/process';
import { startUnbound } from '../../scripts/services/unbound';
import { queryDns } from '../support/dnsQuery';
import { ImapSession } from '../support/imap';

describe('test services', () => {
  it('PostgreSQL 15: a private cluster that accepts queries and is gone after stop()', async () => {
    const db = await startPostgres();
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ v: string }>("select current_setting('server_version') as v");
        expect(rows[0].v).toMatch(/^15\./);
        await client.query('create table t (id int); insert into t values (1), (2)');
        expect((await client.query('select count(*)::int as n from t')).rows[0].n).toBe(2);
      } finally {
        await client.end();
      }
    } finally {
      await db.stop();
    }
    expect(await tcpOpen(db.port)).toBe(false);
  });

  it('PowerDNS signs a zone made through its API; Unbound validates it with the DS (AD flag)', async () => {
    const pdns = await startPowerDns();
    try {
      const res = await fetch(`${pdns.apiUrl}/api/v1/servers/localhost/zones`, {
        method: 'POST',
        headers: { 'X-API-Key': pdns.apiKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'example.test.',
          kind: 'Native',
          dnssec: true,
          nameservers: ['ns1.example.test.'],
          rrsets: [
            {
              name: 'www.example.test.',
              type: 'A',
              ttl: 300,
              records: [{ content: '192.0.2.10', disabled: false }],
            },
          ],
        }),
      });
      expect(res.status).toBe(201);
      const direct = await queryDns(pdns.dnsPort, 'www.example.test', 'A');
      expect(direct.answers.map((a) => a.type).sort()).toEqual(['A', 'RRSIG']);

      const ds = pdns
        .pdnsutil('export-zone-ds', 'example.test')
        .split('\n')
        .filter((l) => / IN DS \d+ 13 2 /.test(l)); // ECDSAP256SHA256, SHA-256 digest
      expect(ds).toHaveLength(1);
      const validating = await startUnbound({
        stubs: [{ zone: 'example.test.', port: pdns.dnsPort }],
        trustAnchors: ds,
      });
      try {
        const answer = await queryDns(validating.port, 'www.example.test', 'A');
        expect(answer).toMatchObject({ rcode: 'NOERROR', ad: true });
        expect(answer.answers.find((a) => a.type === 'A')?.data).toBe('192.0.2.10');
      } finally {
        await validating.stop();
      }

      // a wrong anchor makes the answer bogus: SERVFAIL (RFC 4035 §5.5)
      const wrongDs = ds[0].replace(/ ([0-9a-f]{64})\s*(;.*)?$/i, ` ${'0'.repeat(64)}`);
      const bogus = await startUnbound({
        stubs: [{ zone: 'example.test.', port: pdns.dnsPort }],
        trustAnchors: [wrongDs],
      });
      try {
        expect((await queryDns(bogus.port, 'www.example.test', 'A')).rcode).toBe('SERVFAIL');
      } finally {
        await bogus.stop();
      }
    } finally {
      await pdns.stop();
    }
    expect(await tcpOpen(pdns.apiPort)).toBe(false);
  }, 60_000);

  it('Dovecot: IMAP login, APPEND and SELECT on the test mailbox', async () => {
    const imap = await startDovecot();
    try {
      expect(new URL(imap.url)).toMatchObject({ protocol: 'imap:', port: String(imap.port) });
      const session = await ImapSession.connect(imap.port);
      try {
        await session.command(`LOGIN "${imap.user}" "${imap.password}"`);
        const message = 'From: a@example.test\r\nTo: b@example.test\r\nSubject: rua\r\n\r\nreport\r\n';
        await session.command('APPEND INBOX', message);
        expect(await session.command('SELECT INBOX')).toMatch(/^\* 1 EXISTS/m);
        await session.command('LOGOUT');
      } finally {
        session.close();
      }
      const wrong = await ImapSession.connect(imap.port);
      await expect(wrong.command(`LOGIN "${imap.user}" "wrong"`)).rejects.toThrow(/NO/);
      wrong.close();
    } finally {
      await imap.stop();
    }
    expect(await tcpOpen(imap.port)).toBe(false);
  }, 30_000);
});
