// The typed view of DNS answers every checker works with. Only the shapes live here; the real resolver is in
// resolver.ts and the loopback test server in testing/dnsServer.ts.

export type DnsRcode =
  | 'NOERROR'
  | 'FORMERR'
  | 'SERVFAIL'
  | 'NXDOMAIN'
  | 'NOTIMP'
  | 'REFUSED'
  | 'YXDOMAIN'
  | 'YXRRSET'
  | 'NXRRSET'
  | 'NOTAUTH'
  | 'NOTZONE'
  | `RCODE_${number}`;

export type DnsRecordType =
  | 'A'
  | 'AAAA'
  | 'CNAME'
  | 'MX'
  | 'NS'
  | 'PTR'
  | 'SOA'
  | 'TXT'
  | 'SPF'
  | 'TLSA'
  | 'CAA'
  | 'DS'
  | 'DNSKEY'
  | 'RRSIG';

type Owner = { name: string; ttl: number };

export type DnsRecord =
  | (Owner & { type: 'A' | 'AAAA'; address: string })
  | (Owner & { type: 'CNAME' | 'NS' | 'PTR'; target: string })
  // TXT and the obsolete SPF RR (type 99): one record is a list of character-strings (RFC 1035 §3.3.14);
  // `chunks` keeps them apart (UTF-8 decoded), `text` is them joined without separator (RFC 7208 §3.3).
  | (Owner & { type: 'TXT' | 'SPF'; chunks: string[]; text: string })
  | (Owner & { type: 'MX'; preference: number; exchange: string })
  | (Owner & {
      type: 'SOA';
      mname: string;
      rname: string;
      serial: number;
      refresh: number;
      retry: number;
      expire: number;
      minimum: number;
    })
  | (Owner & { type: 'TLSA'; usage: number; selector: number; matchingType: number; data: string })
  | (Owner & { type: 'CAA'; flags: number; tag: string; value: string })
  | (Owner & { type: 'DS'; keyTag: number; algorithm: number; digestType: number; digest: string })
  | (Owner & { type: 'DNSKEY'; flags: number; algorithm: number; key: string })
  | (Owner & { type: 'RRSIG'; typeCovered: string; algorithm: number; signersName: string; keyTag: number })
  | (Owner & { type: 'UNKNOWN'; rrtype: string; data: string });

export type RecordOf<T extends DnsRecord['type']> = Extract<DnsRecord, { type: T }>;

/** Extended DNS Error (RFC 8914), as a validating resolver reports why it answered SERVFAIL. */
export type ExtendedDnsError = { code: number; text: string };

export type DnsAnswer = {
  rcode: DnsRcode;
  /** Records of the asked type, owned by the name or by the end of its CNAME chain. */
  answers: DnsRecord[];
  /** CNAMEs followed from the asked name, in order. */
  cnames: string[];
  /** Authenticated Data bit: the resolver validated the answer with DNSSEC (RFC 4035 §3.2.3). */
  ad: boolean;
  /** Authoritative Answer bit, for checks that ask a name server directly. */
  aa: boolean;
  ede: ExtendedDnsError[];
  /** No answer from any server in time; rcode is then SERVFAIL so rcode-only callers fail safe. */
  timedOut?: boolean;
  /** Set when the query was never sent (invalid name) or every exchange failed; rcode is then SERVFAIL. */
  error?: string;
};

export type DnsServerAddress = { host: string; port: number };

export type QueryOptions = {
  /** Set the DO bit (RFC 3225) so a validating resolver returns DNSSEC data and sets AD. */
  dnssec?: boolean;
  /** Checking Disabled: ask the resolver not to validate (RFC 4035 §3.2.2). */
  checkingDisabled?: boolean;
  /** Recursion Desired; false to ask an authoritative server directly. Default true. */
  recursion?: boolean;
  /** Ask this server instead of the configured ones (NS checks). */
  server?: DnsServerAddress;
  timeoutMs?: number;
  tries?: number;
  signal?: AbortSignal;
};

export type Resolver = {
  query(name: string, type: DnsRecordType, opts?: QueryOptions): Promise<DnsAnswer>;
};

/** True when the answer is a plain "no such data" (NXDOMAIN or NOERROR without records). */
export const isEmptyAnswer = (a: DnsAnswer) =>
  a.rcode === 'NXDOMAIN' || (a.rcode === 'NOERROR' && a.answers.length === 0);

/** True when the lookup failed (timeout, SERVFAIL, REFUSED...) rather than answered. */
export const isDnsFailure = (a: DnsAnswer) => a.rcode !== 'NOERROR' && a.rcode !== 'NXDOMAIN';

/** Checks a name against RFC 1035 §2.3.4 limits: labels of 1-63 octets, 253 characters in all. */
export function dnsNameProblem(name: string): string | null {
  const n = name.endsWith('.') ? name.slice(0, -1) : name;
  if (n === '') return null;
  if (Buffer.byteLength(n) > 253) return 'name longer than 253 octets';
  for (const label of n.split('.')) {
    if (label.length === 0) return 'empty label';
    if (Buffer.byteLength(label) > 63) return 'label longer than 63 octets';
  }
  return null;
}
