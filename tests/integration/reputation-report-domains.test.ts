import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDnsResolver } from '../../server/checks/resolver';
import { startDnsServer, type TestDnsServer } from '../../server/checks/testing/dnsServer';
import { ingestFile } from '../../server/ingest/ingest-file';
import { configureReputation } from '../../server/modules/reputation/services';
import { samplesDir } from '../fixtures/dmarc/sample-expectations';
import { bearer, login, makeUser, startTestApp, type TestApp } from './support/app';

// IP info (/api/rep/v2/ips/{ip}/ip-info-io/) and the source IP list (/api/rep/ips/) on real sample reports.
// Two organizations each register the policy domains of their own samples; 1.2.3.4 sends for both. What each
// caller should see is worked out here straight from the XML, not through the report parser.

const callerFiles = [
  'mail-auth/resources/dmarc-feedback/003.xml',
  'dmarq/backend/app/tests/fixtures/dmarc_aggregate/rfc9990-multi-auth-overrides.xml',
  'dmarc-report-viewer/testdata/dmarc-reports/outlook.xml',
  'dmarc-report-viewer/testdata/dmarc-reports/yahoo.xml',
  'dmarq/backend/app/tests/fixtures/dmarc_aggregate/rfc9990-treewalk-extension.xml',
];
const otherFiles = [
  'dmarc-report-visualizer/backend/test/reports/google.com!example.com!1701129600!1701215999.xml',
  'dmarc-report-viewer/testdata/dmarc-reports/google.xml',
];

type Expected = { spf: Set<string>; dkim: Set<string>; messages: number; reports: Set<string>; end: number };

const all = (re: RegExp, text: string) => [...text.matchAll(re)].map((m) => m[1]);
const one = (re: RegExp, text: string) => {
  const m = re.exec(text);
  if (!m) throw new Error(`no ${re} in sample`);
  return m[1].trim();
};

/** Policy domain and, per source IP, the auth-result domains, message count, reports and latest end. */
function fromXml(files: string[]) {
  const policyDomains: string[] = [];
  const ips = new Map<string, Expected>();
  for (const rel of files) {
    const xml = fs.readFileSync(path.join(samplesDir, rel), 'utf8');
    policyDomains.push(one(/<policy_published>[\s\S]*?<domain>([^<]+)<\/domain>/, xml).toLowerCase());
    const end = Number(one(/<date_range>[\s\S]*?<end>([^<]+)<\/end>/, xml));
    for (const record of all(/<record>([\s\S]*?)<\/record>/g, xml)) {
      const ip = one(/<source_ip>([^<]+)<\/source_ip>/, record);
      const e = ips.get(ip) ?? { spf: new Set(), dkim: new Set(), messages: 0, reports: new Set(), end: 0 };
      e.messages += Number(one(/<count>([^<]+)<\/count>/, record));
      e.reports.add(rel);
      e.end = Math.max(e.end, end);
      const auth = /<auth_results>([\s\S]*?)<\/auth_results>/.exec(record)?.[1] ?? '';
      for (const kind of ['spf', 'dkim'] as const) {
        for (const block of all(new RegExp(`<${kind}>([\\s\\S]*?)</${kind}>`, 'g'), auth)) {
          const domain = /<domain>([^<]*)<\/domain>/.exec(block)?.[1].trim().toLowerCase();
          if (domain) e[kind].add(domain);
        }
      }
      ips.set(ip, e);
    }
  }
  return { policyDomains, ips };
}

const caller = fromXml(callerFiles);
const other = fromXml(otherFiles);
const sorted = (s: Set<string> | undefined) => [...(s ?? [])].sort();
const shared = [...caller.ips.keys()].filter((ip) => other.ips.has(ip));

let dns: TestDnsServer;
let t: TestApp;
const tokens = { caller: '', other: '', empty: '' };

async function userIn(organization: string, domains: string[]) {
  const { user, email, password } = await makeUser(t.db, { organization });
  for (const name of domains)
    await t.db
      .insertInto('domains')
      .values({ name, organization_id: user.organization_id!, verified_at: new Date() })
      .execute();
  return (await login(t.app, { username: email, password })).json<{ access: string }>().access;
}

beforeAll(async () => {
  // No records: every reverse DNS lookup of the IP info answers NXDOMAIN at once.
  dns = await startDnsServer();
  t = await startTestApp();
  configureReputation(t.ctx, {
    resolver: createDnsResolver({ servers: [{ host: dns.host, port: dns.port }], tries: 1 }),
  });
  tokens.caller = await userIn('Caller Org', caller.policyDomains);
  tokens.other = await userIn('Other Org', other.policyDomains);
  tokens.empty = await userIn('Empty Org', ['nothing-received.example']);
  for (const rel of [...callerFiles, ...otherFiles]) {
    const bytes = fs.readFileSync(path.join(samplesDir, rel));
    const { result } = await ingestFile(t.db, { name: rel, bytes, source: 'cli' });
    expect(result.status, rel).toBe('imported');
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
  await dns?.close();
});

const ipInfo = async (token: string, ip: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/rep/v2/ips/${encodeURIComponent(ip)}/ip-info-io/`,
    headers: bearer(token),
  });
  expect(res.statusCode).toBe(200);
  const { attributes } = res.json<{ data: { attributes: Record<string, unknown> } }>().data;
  return attributes as { ip: string; spf_domains: string[]; dkim_domains: string[] };
};

type IpsPage = {
  data: { type: string; id: string; attributes: Record<string, unknown> }[];
  links: Record<string, string | null>;
  meta: { count: number };
};
const ipsPage = async (token: string, query = '') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/rep/ips/${query}`, headers: bearer(token) });
  expect(res.statusCode).toBe(200);
  return res.json<IpsPage>();
};

describe('the samples chosen', () => {
  it('cover IPv6, several domains per IP, and an IP both organizations received mail from', () => {
    expect(caller.ips.size).toBe(8);
    expect([...caller.ips.keys()].some((ip) => ip.includes(':'))).toBe(true);
    expect([...caller.ips.values()].some((e) => e.dkim.size > 1)).toBe(true);
    expect(shared).toEqual(['1.2.3.4']);
    // Their domains for it differ, so one seeing the other's would show.
    const mine = caller.ips.get('1.2.3.4')!;
    const theirs = other.ips.get('1.2.3.4')!;
    expect([...theirs.spf, ...theirs.dkim].filter((d) => mine.spf.has(d) || mine.dkim.has(d))).toEqual([]);
  });
});

describe('GET /api/rep/v2/ips/{ip}/ip-info-io/ on imported reports', () => {
  it("lists the SPF and DKIM domains each IP sent for in the caller's reports", async () => {
    for (const [ip, e] of caller.ips) {
      const a = await ipInfo(tokens.caller, ip);
      expect({ ip: a.ip, spf: a.spf_domains, dkim: a.dkim_domains }).toEqual({
        ip,
        spf: sorted(e.spf),
        dkim: sorted(e.dkim),
      });
    }
  });

  it('finds an IPv6 sender however its address is written', async () => {
    const v6 = [...caller.ips.keys()].find((ip) => ip.includes(':'))!;
    const longForm = '2001:DB8:0:0:0:0:0:1';
    expect(v6).toBe('2001:db8::1');
    const a = await ipInfo(tokens.caller, longForm);
    expect(a).toMatchObject({
      ip: v6,
      spf_domains: sorted(caller.ips.get(v6)!.spf),
      dkim_domains: sorted(caller.ips.get(v6)!.dkim),
    });
    expect(a.spf_domains.length).toBeGreaterThan(0);
  });

  it("shows another organization only its own reports' domains, even for a shared IP", async () => {
    for (const ip of caller.ips.keys()) {
      const a = await ipInfo(tokens.other, ip);
      expect([ip, a.spf_domains, a.dkim_domains]).toEqual([
        ip,
        sorted(other.ips.get(ip)?.spf),
        sorted(other.ips.get(ip)?.dkim),
      ]);
    }
    for (const ip of other.ips.keys()) {
      const a = await ipInfo(tokens.caller, ip);
      expect([ip, a.spf_domains, a.dkim_domains]).toEqual([
        ip,
        sorted(caller.ips.get(ip)?.spf),
        sorted(caller.ips.get(ip)?.dkim),
      ]);
    }
  });

  it('shows an organization without reports no domains', async () => {
    for (const ip of [...caller.ips.keys(), ...other.ips.keys()]) {
      const a = await ipInfo(tokens.empty, ip);
      expect([ip, a.spf_domains, a.dkim_domains]).toEqual([ip, [], []]);
    }
  });
});

describe('GET /api/rep/ips/ on imported reports', () => {
  const expectedList = (ips: Map<string, Expected>) =>
    [...ips]
      .sort(([a, x], [b, y]) => y.messages - x.messages || (a < b ? -1 : a > b ? 1 : 0))
      .map(([ip, e]) => ({
        type: 'ips',
        id: ip,
        attributes: {
          ip,
          messages: e.messages,
          reports: e.reports.size,
          last_seen: new Date(e.end * 1000).toISOString(),
        },
      }));

  it("lists the caller's source IPs, most messages first, with their report counts", async () => {
    const page = await ipsPage(tokens.caller);
    expect(page.data).toEqual(expectedList(caller.ips));
    expect(page.meta).toEqual({ count: caller.ips.size });
    expect(page.links).toEqual({
      current: '/api/rep/ips/?page=1',
      first: '/api/rep/ips/?page=1',
      last: '/api/rep/ips/?page=1',
      next: null,
      prev: null,
    });
  });

  it("lists another organization's IPs without any of the caller's", async () => {
    const page = await ipsPage(tokens.other);
    expect(page.data).toEqual(expectedList(other.ips));
    const callerOnly = [...caller.ips.keys()].filter((ip) => !other.ips.has(ip));
    expect(page.data.filter((d) => callerOnly.includes(d.id))).toEqual([]);
    expect(await ipsPage(tokens.empty)).toMatchObject({ data: [], meta: { count: 0 } });
  });

  it('answers an empty page past the last one, linking back to it', async () => {
    const page = await ipsPage(tokens.caller, '?page=2');
    expect(page.data).toEqual([]);
    expect(page.links).toMatchObject({ current: '/api/rep/ips/?page=2', prev: '/api/rep/ips/?page=1' });
    expect(page.links.next).toBeNull();
  });
});
