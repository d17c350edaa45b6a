import { samplesDir } from '../fixtures/dmarc/sample-expectations';
import { analyticsFixture, sampleFiles } from './analytics-setup';
import { attribute, readRows, sumBy, type Catalogue, type Row } from './analytics-senders-xml';
import { call } from './support/orgs';

// Shared by analytics-senders*.test.ts: the analytics fixture plus three catalogue senders and reverse DNS
// for two IPs, with the expected attribution worked out independently (analytics-senders-xml.ts).

export const rows = readRows(samplesDir, sampleFiles);
export const range = 'begin_date=1970-01-01&end_date=2030-12-31';
export const senders = '/api/dm/dmarc/aggregate-reports/email-senders/';
// The busiest IPv4 source A by network (a /32 inside a /8 of another sender), and the two busiest outside
// that /8: B by PTR suffix, C by its PTR's base domain.
const busiest = [...sumBy(rows, (r) => r.sourceIp).entries()]
  .filter(([ip]) => ip.includes('.'))
  .sort((x, y) => y[1] - x[1])
  .map(([ip]) => ip);
export const ipA = busiest[0];
export const [ipB, ipC] = busiest.filter((ip) => ip.split('.')[0] !== ipA.split('.')[0]);

export async function senderScenario() {
  const f = await analyticsFixture();
  // Only this scenario's senders attribute: the snapshot networks migration 0052 gives the well-known
  // senders are tested in sender-snapshot.test.ts, and would claim some of the samples' sources here.
  await f.t.db.deleteFrom('email_sender_networks').execute();
  const catalogue: Catalogue = { networks: [], suffixes: [], ptr: new Map() };
  const ids = new Map<string, number>();
  const get = async (url: string, token = f.a.tokens.owner) => {
    const res = await call(f.t, 'GET', url, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const recalculate = async () => {
    const res = await call(
      f.t,
      'POST',
      '/api/dm/dmarc/aggregate-reports/networks/recalculate/',
      f.supportToken,
    );
    expect(res.statusCode, res.body).toBe(202);
    return res.json();
  };
  async function addSender(name: string, body: { networks?: string[]; suffixes?: string[] }) {
    const res = await call(f.t, 'POST', senders, f.supportToken, {
      name,
      reverse_dns_suffixes: body.suffixes ?? [],
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = Number(res.json().data.id);
    ids.set(name, id);
    if (body.networks) {
      const put = await call(f.t, 'PUT', `${senders}${id}/networks/`, f.supportToken, {
        networks: body.networks.map((range) => ({ range })),
      });
      expect(put.statusCode, put.body).toBe(200);
    }
    for (const cidr of body.networks ?? []) catalogue.networks.push({ name, cidr });
    for (const suffix of body.suffixes ?? []) catalogue.suffixes.push({ name, suffix });
  }
  const serviceOf = (r: Row) => attribute(r.sourceIp, catalogue) ?? 'Unknown';

  function expectedBySender() {
    const out = new Map<string, Record<string, number>>();
    for (const s of new Set(rows.map(serviceOf))) {
      const mine = rows.filter((r) => serviceOf(r) === s);
      const sum = (p: (r: Row) => boolean) => mine.filter(p).reduce((n, r) => n + r.count, 0);
      const messages = sum(() => true);
      const dmarc = sum((r) => r.dkim === 'pass' || r.spf === 'pass');
      out.set(s, {
        messages,
        dkim_passed: sum((r) => r.dkim === 'pass'),
        spf_passed: sum((r) => r.spf === 'pass'),
        dmarc_passed: dmarc,
        dmarc_passed_percentage: messages === 0 ? 0 : Math.round((dmarc / messages) * 10_000) / 100,
        ips: new Set(mine.map((r) => r.sourceIp)).size,
        domains: new Set(mine.map((r) => r.domain)).size,
      });
    }
    return out;
  }
  // What enrichment would have found by reverse DNS for B and C.
  const ptrs: [string, string, string][] = [
    [ipB, 'mta7.out.rdns-sender.example', 'rdns-sender.example'],
    [ipC, 'host.other-base.example', 'other-base.example'],
  ];
  for (const [ip, ptr, base] of ptrs) {
    await f.t.db.updateTable('ip_enrichment').set({ ptr, base_domain: base }).where('ip', '=', ip).execute();
    catalogue.ptr.set(ip, { ptr, base });
  }
  await addSender('Narrow Net', { networks: [`${ipA}/32`] });
  await addSender('Broad Net', { networks: [`${ipA.split('.')[0]}.0.0.0/8`] });
  await addSender('Suffix Sender', { suffixes: ['out.rdns-sender.example', 'rdns-sender.example.org'] });
  return { f, catalogue, ids, get, recalculate, addSender, serviceOf, expectedBySender };
}
export type Scenario = Awaited<ReturnType<typeof senderScenario>>;
