import type { StoredRrset } from '../../../db/schema-dns';

// Which fixes and notes a hosted zone gets (docs/DNS.md "Suggested fixes"). Pure: the zone's rrsets as
// PowerDNS holds them, the organization's report address, the domain's stored check warnings and its DMARC
// pass rate go in; change previews and explanations come out. Only records msas can write correctly are
// proposed; the rest is explained.

export type FixKind = 'dmarc' | 'tls-rpt' | 'dmarc-quarantine';
export type NoteKind = 'spf-lookups' | 'mta-sts' | 'report-address';
export type Fix = {
  kind: FixKind;
  reason: string;
  name: string;
  type: 'TXT';
  before: StoredRrset | null;
  after: StoredRrset;
};
export type Note = { kind: NoteKind; detail: string };

export type FixInputs = {
  /** The zone's name, absolute (example.com.). */
  zone: string;
  rrsets: StoredRrset[];
  /** The organization's own report address, mailto: URI. */
  rua: string;
  /** Whether mail from the internet can reach that address (REPORT_ADDRESS_DOMAIN, server/mail/report-domain.ts). */
  ruaReceivesMail: boolean;
  /** Whether the zone is an organizational domain (not a subdomain that inherits its parent's policy). */
  organizational: boolean;
  /** Warning codes of the domain's stored SPF result. */
  spfWarnings: string[];
  /** DMARC pass share (0..1) over the days with reports, and how many days back the reports go. */
  dmarcPass: { rate: number; days: number } | null;
};

export const quarantineAfterDays = 30;
export const quarantineMinRate = 0.99;
const defaultTtl = 3600;

/** A TXT record's text: its quoted strings joined (RFC 1035 §3.3.14, RFC 7208 §3.3). */
export function txtText(content: string): string {
  const parts = content.match(/"((?:[^"\\]|\\.)*)"/g);
  if (!parts) return content;
  return parts.map((p) => p.slice(1, -1).replace(/\\(.)/g, '$1')).join('');
}
const quoted = (text: string) => `"${text.replace(/(["\\])/g, '\\$1')}"`;

/** The rrset a fix writes. */
export const fixName = (kind: FixKind, zone: string) =>
  kind === 'tls-rpt' ? `_smtp._tls.${zone}` : `_dmarc.${zone}`;

const rrsetAt = (rrsets: StoredRrset[], name: string, type: string) =>
  rrsets.find((r) => r.name === name && r.type === type) ?? null;

function withRecord(name: string, before: StoredRrset | null, text: string): StoredRrset {
  const records = [...(before?.records ?? []), { content: quoted(text), disabled: false }];
  return {
    name,
    type: 'TXT',
    ttl: before?.ttl ?? defaultTtl,
    records: records.sort((a, b) => a.content.localeCompare(b.content)),
    comments: before?.comments ?? [],
  };
}

const versionOf = (rrset: StoredRrset | null, tag: RegExp) =>
  rrset?.records.filter((r) => !r.disabled && tag.test(txtText(r.content))) ?? [];

export function proposeFixes(input: FixInputs): { fixes: Fix[]; notes: Note[] } {
  const { zone, rrsets, rua } = input;
  const fixes: Fix[] = [];
  const notes: Note[] = [];
  const hasMx = rrsetAt(rrsets, zone, 'MX') !== null;

  // DMARC (RFC 7489 §6.1): a TXT at _dmarc.<domain> starting v=DMARC1. A subdomain without one inherits
  // its organizational domain's policy (§6.6.3); a p=none record there would override an enforcing sp=.
  const dmarcName = fixName('dmarc', zone);
  const dmarcSet = rrsetAt(rrsets, dmarcName, 'TXT');
  const dmarcRecords = versionOf(dmarcSet, /^v=DMARC1\s*(;|$)/i);
  if (dmarcRecords.length === 0 && input.organizational)
    fixes.push({
      kind: 'dmarc',
      reason: 'The domain has no DMARC record.',
      name: dmarcName,
      type: 'TXT',
      before: dmarcSet,
      after: withRecord(dmarcName, dmarcSet, `v=DMARC1; p=none; rua=${rua}`),
    });
  // p=none to p=quarantine (RFC 7489 §6.3) once a month of reports shows (almost) every message passing.
  if (dmarcRecords.length === 1 && dmarcSet && input.dmarcPass) {
    const text = txtText(dmarcRecords[0]!.content);
    const { rate, days } = input.dmarcPass;
    if (/;\s*p\s*=\s*none\s*(;|$)/i.test(text) && days >= quarantineAfterDays && rate >= quarantineMinRate) {
      const next = text.replace(/(;\s*p\s*=\s*)none/i, '$1quarantine');
      fixes.push({
        kind: 'dmarc-quarantine',
        reason: `At least ${quarantineMinRate * 100} % of messages passed DMARC over the last ${days} days.`,
        name: dmarcName,
        type: 'TXT',
        before: dmarcSet,
        after: {
          ...dmarcSet,
          records: dmarcSet.records.map((r) =>
            r === dmarcRecords[0] ? { content: quoted(next), disabled: false } : r,
          ),
        },
      });
    }
  }

  // TLS-RPT (RFC 8460 §3): a TXT at _smtp._tls.<domain>, for a domain that receives mail (has MX).
  const tlsName = fixName('tls-rpt', zone);
  const tlsSet = rrsetAt(rrsets, tlsName, 'TXT');
  // Its rua must be an address that receives mail: the TLS-RPT check calls one that cannot invalid.
  const tlsMissing = hasMx && versionOf(tlsSet, /^v=TLSRPTv1\s*(;|$)/i).length === 0;
  if (tlsMissing && !input.ruaReceivesMail)
    notes.push({
      kind: 'report-address',
      detail:
        'The report address cannot receive mail from the internet until the operator sets REPORT_ADDRESS_DOMAIN, so no TLS-RPT record is proposed yet.',
    });
  if (tlsMissing && input.ruaReceivesMail)
    fixes.push({
      kind: 'tls-rpt',
      reason: 'The domain receives mail but has no TLS-RPT record.',
      name: tlsName,
      type: 'TXT',
      before: tlsSet,
      after: withRecord(tlsName, tlsSet, `v=TLSRPTv1; rua=${rua}`),
    });

  // SPF over 10 lookups (RFC 7208 §4.6.4): no automatic change. Flattening includes into addresses is only
  // safe while every provider keeps its addresses, which msas cannot know; removing includes is the owner's call.
  if (input.spfWarnings.includes('too_many_lookups'))
    notes.push({
      kind: 'spf-lookups',
      detail:
        'The SPF record needs more than 10 DNS lookups, so receivers treat it as an error. Remove includes of services you no longer use or ask a provider for a narrower include; msas does not flatten includes because provider addresses change.',
    });

  // MTA-STS (RFC 8461 §3): the TXT record only announces a policy served over HTTPS at mta-sts.<domain>;
  // msas does not host that policy, so publishing the record alone would be wrong.
  if (hasMx && versionOf(rrsetAt(rrsets, `_mta-sts.${zone}`, 'TXT'), /^v=STSv1\s*(;|$)/i).length === 0)
    notes.push({
      kind: 'mta-sts',
      detail: `MTA-STS needs a policy file served over HTTPS at https://mta-sts.${zone.slice(0, -1)}/.well-known/mta-sts.txt; publish it there first, then the _mta-sts TXT record.`,
    });
  return { fixes, notes };
}
