// escape-html's entities (&amp; &lt; &gt; &quot; &#39;) are valid XML too (XML 1.0 sections 4.1 and 4.6).
import escapeXml from 'escape-html';
import { random, weighted, zipf } from '../../lib/seeded-random';
import { demoDomains, demoReporters, demoSources, type DemoSource } from './catalogue';

// The demo's aggregate reports (RFC 7489 appendix C): for each of the last `days` days, each domain gets a
// report from one to three reporters (busier domains from more), each with a few records drawn from the
// sources of catalogue.ts. Seeded: the same organization gets the same reports for the same day.

export type DemoReport = { name: string; xml: string };

const dayMs = 86_400_000;
const pickReporter = zipf(demoReporters.length, 1.2);
const sourceTable = demoSources.map((s) => [s.share, s] as const);

function recordXml(rnd: () => number, domain: string, source: DemoSource, policy: string): string {
  const ip = `${source.prefix}.${1 + Math.floor(rnd() * 12)}`;
  const count = 1 + Math.floor(rnd() * source.volume);
  const signer = source.dkim === 'own' ? domain : source.dkim === 'service' ? source.spf.domain : null;
  const dkimResult = source.dkimResult ?? 'pass';
  const envelope = source.spf.domain === 'own' ? domain : source.spf.domain;
  const dkimAligned = source.dkim === 'own' && dkimResult === 'pass';
  const spfAligned = envelope === domain && source.spf.result === 'pass';
  const pass = dkimAligned || spfAligned;
  const disposition = pass ? 'none' : policy;
  const reason = source.forwarded ? '<reason><type>forwarded</type></reason>' : '';
  const dkim = signer
    ? `<dkim><domain>${escapeXml(signer)}</domain><selector>s${1 + Math.floor(rnd() * 2)}</selector>` +
      `<result>${dkimResult}</result></dkim>`
    : '';
  return (
    `<record><row><source_ip>${ip}</source_ip><count>${count}</count><policy_evaluated>` +
    `<disposition>${disposition}</disposition><dkim>${dkimAligned ? 'pass' : 'fail'}</dkim>` +
    `<spf>${spfAligned ? 'pass' : 'fail'}</spf>${reason}</policy_evaluated></row><identifiers>` +
    `<envelope_from>${escapeXml(envelope)}</envelope_from><header_from>${escapeXml(domain)}</header_from></identifiers>` +
    `<auth_results>${dkim}<spf><domain>${escapeXml(envelope)}</domain><scope>mfrom</scope>` +
    `<result>${source.spf.result}</result></spf></auth_results></record>`
  );
}

/** Reports for the `days` whole UTC days before `now`, in date order. */
export function demoReports(now: Date, days = 30, seed = 1): DemoReport[] {
  const today = Math.floor(now.getTime() / dayMs) * dayMs;
  const out: DemoReport[] = [];
  for (let d = days; d >= 1; d--) {
    const begin = today - d * dayMs;
    demoDomains.forEach((domain, rank) => {
      const rnd = random(seed * 1_000_003 + (begin / dayMs) * 131 + rank);
      // The first domains of each company are its busy ones.
      const reporters = 1 + (rank % 6 === 0 ? 2 : Math.floor(rnd() * 2));
      const policy = rank % 4 === 0 ? 'reject' : rank % 4 === 1 ? 'quarantine' : 'none';
      const seen = new Set<number>();
      for (let r = 0; r < reporters; r++) {
        const reporter = pickReporter(rnd());
        if (seen.has(reporter)) continue;
        seen.add(reporter);
        const { org, email } = demoReporters[reporter];
        const id = `demo-${seed}-${domain}-${begin / 1000}-${reporter}`;
        const records = Array.from({ length: 3 + Math.floor(rnd() * 6) }, () =>
          recordXml(rnd, domain, weighted(rnd(), sourceTable), policy),
        );
        const xml =
          `<?xml version="1.0" encoding="UTF-8"?><feedback><version>1.0</version><report_metadata>` +
          `<org_name>${escapeXml(org)}</org_name><email>${escapeXml(email)}</email><report_id>${id}</report_id>` +
          `<date_range><begin>${begin / 1000}</begin><end>${begin / 1000 + 86_399}</end></date_range>` +
          `</report_metadata><policy_published><domain>${domain}</domain><adkim>r</adkim><aspf>r</aspf>` +
          `<p>${policy}</p><sp>${policy}</sp><pct>100</pct></policy_published>${records.join('')}</feedback>`;
        out.push({ name: `${org}!${domain}!${begin / 1000}.xml`, xml });
      }
    });
  }
  return out;
}
