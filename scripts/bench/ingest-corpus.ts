// The synthetic corpus of npm run bench:ingest (scripts/bench/ingest.ts): gzipped aggregate reports shaped
// like a real feed. Sources come from a pool of 50,000 IPs drawn with a Zipf distribution (a few big senders'
// addresses in most reports, a long tail seen once or twice): each domain has its own senders (10-100 pool
// addresses, its ESPs), which send 80% of its records; the other 20% are forwarders and spoofers from the
// whole pool. Reports from 200 reporters (also Zipf: a few mailbox providers send most of them) for 1,000
// domains (Zipf: a few big domains get several reports a day, the tail a few a month) over 30 days, results
// varied (DKIM pass / fail /
// none, no or two signatures, SPF pass / softfail / fail / neutral / none, forwarding reasons, some
// quarantine / reject). `distinctIps` gives every record an address of its own instead: the worst case, in
// which every record makes a rollup row and an enrichment row. A seeded generator: every run, same corpus.

import { random, weighted, zipf } from '../../server/lib/seeded-random';

export type CorpusShape = { reports: number; perReport: number; distinctIps: boolean };

export const corpusDomains = Array.from({ length: 1000 }, (_, i) => `bench-${i}.example`);
const ipPool = 50_000;
const reporters = 200;
const days = 30;

const pickIp = zipf(ipPool, 1.0);
const pickDomain = zipf(corpusDomains.length, 0.8);
const pickReporter = zipf(reporters, 1.1);
// Ranks are spread over the address space so that popular addresses are not neighbours.
const poolIp = (rank: number) => {
  const k = (rank * 2_654_435_761) % 16_777_216;
  return `${10 + (rank % 3)}.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;
};
const distinctIp = (k: number) => `10.${(k >> 16) & 255}.${(k >> 8) & 255}.${k & 255}`;

const dkimWords: [number, string][] = [
  [0.78, 'pass'],
  [0.12, 'fail'],
  [0.04, 'neutral'],
  [0.03, 'temperror'],
  [0.03, 'permerror'],
];
const spfWords: [number, string][] = [
  [0.8, 'pass'],
  [0.08, 'softfail'],
  [0.05, 'fail'],
  [0.04, 'neutral'],
  [0.03, 'none'],
];

function recordXml(rnd: () => number, domain: string, ip: string): string {
  const signatures = weighted(rnd(), [
    [0.08, 0],
    [0.8, 1],
    [0.12, 2],
  ] as [number, number][]);
  const dkimResults: string[] = [];
  let dkimAligned = false;
  for (let s = 0; s < signatures; s++) {
    const own = s === 0;
    const result = weighted(rnd(), dkimWords);
    if (own && result === 'pass') dkimAligned = true;
    const d = own ? domain : `esp${Math.floor(rnd() * 40)}.example`;
    dkimResults.push(
      `<dkim><domain>${d}</domain><selector>s${Math.floor(rnd() * 3)}</selector><result>${result}</result></dkim>`,
    );
  }
  const spf = weighted(rnd(), spfWords);
  const bounce = rnd() < 0.7 ? `bounce.${domain}` : `mail.esp${Math.floor(rnd() * 40)}.example`;
  const spfAligned = spf === 'pass' && bounce.endsWith(domain);
  const pass = dkimAligned || spfAligned;
  const disposition = pass
    ? 'none'
    : weighted(rnd(), [
        [0.6, 'none'],
        [0.3, 'quarantine'],
        [0.1, 'reject'],
      ] as [number, string][]);
  const reason = !pass && rnd() < 0.2 ? '<reason><type>forwarded</type></reason>' : '';
  const count = rnd() < 0.7 ? 1 + Math.floor(rnd() * 5) : 1 + Math.floor(rnd() * 500);
  const envelope = rnd() < 0.5 ? `<envelope_from>${bounce}</envelope_from>` : '';
  return (
    `<record><row><source_ip>${ip}</source_ip><count>${count}</count><policy_evaluated>` +
    `<disposition>${disposition}</disposition><dkim>${dkimAligned ? 'pass' : 'fail'}</dkim>` +
    `<spf>${spfAligned ? 'pass' : 'fail'}</spf>${reason}</policy_evaluated></row><identifiers>` +
    `<header_from>${domain}</header_from>${envelope}</identifiers><auth_results>${dkimResults.join('')}` +
    `<spf><domain>${bounce}</domain><scope>mfrom</scope><result>${spf}</result></spf></auth_results></record>`
  );
}

/** The pool ranks of a domain's own senders: 10-100 addresses, drawn from the pool once per domain. */
const senders = new Map<number, number[]>();
function sendersOf(domain: number): number[] {
  let list = senders.get(domain);
  if (!list) {
    const rnd = random(domain * 104_729 + 17);
    list = Array.from({ length: 10 + Math.floor(rnd() * 91) }, () => pickIp(rnd()));
    senders.set(domain, list);
  }
  return list;
}

/** Report n of the corpus as XML. */
export function reportXml(n: number, shape: CorpusShape): string {
  const rnd = random(n * 7919 + 1);
  const reporter = pickReporter(rnd());
  const rank = pickDomain(rnd());
  const domain = corpusDomains[rank];
  const own = sendersOf(rank);
  const begin = 1_780_000_000 + (n % days) * 86_400;
  const parts = [
    `<?xml version="1.0"?><feedback><report_metadata><org_name>Reporter ${reporter}</org_name>`,
    `<email>dmarc@r${reporter}.example</email><report_id>bench-${n}</report_id><date_range><begin>${begin}</begin>`,
    `<end>${begin + 86_399}</end></date_range></report_metadata><policy_published><domain>${domain}</domain>`,
    '<adkim>r</adkim><aspf>r</aspf><p>quarantine</p><sp>none</sp><pct>100</pct></policy_published>',
  ];
  for (let i = 0; i < shape.perReport; i++) {
    const pick = rnd() < 0.8 ? own[Math.floor(rnd() * own.length)] : pickIp(rnd());
    const ip = shape.distinctIps ? distinctIp(n * shape.perReport + i) : poolIp(pick);
    parts.push(recordXml(rnd, domain, ip));
  }
  parts.push('</feedback>');
  return parts.join('');
}
