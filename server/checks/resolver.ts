import { randomInt } from 'node:crypto';
import dnsPacket from 'dns-packet';
import pLimit from 'p-limit';
import { toDnsRecord } from './dnsRecords';
import { dnsServersFromEnv } from './dnsServers';
import { tcpExchange, udpExchange, type Exchange } from './dnsTransport';
import {
  dnsNameProblem,
  type DnsAnswer,
  type DnsRcode,
  type DnsRecord,
  type DnsRecordType,
  type DnsServerAddress,
  type ExtendedDnsError,
  type QueryOptions,
  type Resolver,
} from './dnsTypes';

// A stub resolver over dns-packet. Node's dns module hides the header bits (AD, AA) and EDNS options, which
// the DNSSEC and DANE checks need, so we speak the protocol ourselves: UDP first, TCP when the reply is
// truncated (RFC 7766 §5), EDNS(0) with a 1232-octet payload (DNS flag day 2020), retry without EDNS when a
// server answers FORMERR (RFC 6891 §7), several servers tried in turn, a bounded number of queries in flight.

export type ResolverOptions = {
  servers?: DnsServerAddress[];
  timeoutMs?: number;
  tries?: number;
  maxInFlight?: number;
  udpPayloadSize?: number;
};

const EDE_OPTION = 15; // RFC 8914

type Decoded = ReturnType<typeof dnsPacket.decode> & { additionals?: unknown[]; answers?: unknown[] };

export function createDnsResolver(options: ResolverOptions = {}): Resolver {
  const servers = options.servers ?? dnsServersFromEnv();
  const defaults = { timeoutMs: options.timeoutMs ?? 2000, tries: options.tries ?? 2 };
  const payload = options.udpPayloadSize ?? 1232;
  // At most maxInFlight queries at once, the rest wait in order: a bulk check must not exhaust sockets.
  const limit = pLimit(options.maxInFlight ?? 64);

  async function query(name: string, type: DnsRecordType, opts: QueryOptions = {}): Promise<DnsAnswer> {
    const problem = dnsNameProblem(name);
    if (problem) return failure(`invalid name: ${problem}`);
    const targets = opts.server ? [opts.server] : servers;
    const timeoutMs = opts.timeoutMs ?? defaults.timeoutMs;
    const tries = Math.max(1, opts.tries ?? defaults.tries);
    return limit(async () => {
      let last: Decoded | null = null;
      for (let attempt = 0; attempt < tries; attempt++) {
        for (const server of targets) {
          if (opts.signal?.aborted) return failure('aborted');
          const reply = await exchangeWithFallbacks(server, name, type, opts, timeoutMs, payload);
          if (!reply) continue;
          last = reply;
          const rcode = rcodeOf(reply);
          // A failing server may be alone in failing: ask the next one before giving up.
          if (rcode === 'SERVFAIL' || rcode === 'REFUSED' || rcode === 'NOTIMP') continue;
          return toAnswer(reply, name, type);
        }
        if (last) return toAnswer(last, name, type);
      }
      return { ...failure('no reply'), timedOut: true };
    });
  }

  return { query };
}

async function exchangeWithFallbacks(
  server: DnsServerAddress,
  name: string,
  type: DnsRecordType,
  opts: QueryOptions,
  timeoutMs: number,
  payload: number,
): Promise<Decoded | null> {
  let edns = true;
  let exchange: Exchange = udpExchange;
  for (let step = 0; step < 3; step++) {
    const id = randomInt(0, 65536);
    const message = encodeQuery(id, name, type, opts, edns ? payload : 0);
    const raw = await exchange(server, message, timeoutMs, (r) => matches(r, id, name, type), opts.signal);
    if (!raw) return null;
    const reply = dnsPacket.decode(raw) as Decoded;
    if (reply.flag_tc && exchange === udpExchange) {
      exchange = tcpExchange;
      continue;
    }
    if (edns && rcodeOf(reply) === 'FORMERR') {
      edns = false;
      continue;
    }
    return reply;
  }
  return null;
}

function encodeQuery(id: number, name: string, type: DnsRecordType, opts: QueryOptions, payload: number) {
  let flags = opts.recursion === false ? 0 : dnsPacket.RECURSION_DESIRED;
  // Setting AD in a query asks for the AD bit in the reply (RFC 6840 §5.7).
  if (opts.dnssec) flags |= dnsPacket.AUTHENTIC_DATA;
  if (opts.checkingDisabled) flags |= dnsPacket.CHECKING_DISABLED;
  const opt = {
    type: 'OPT',
    name: '.',
    udpPayloadSize: payload,
    flags: opts.dnssec ? dnsPacket.DNSSEC_OK : 0,
  };
  return dnsPacket.encode({
    type: 'query',
    id,
    flags,
    questions: [{ type: type as 'A', name }],
    additionals: payload ? [opt as never] : [],
  });
}

function matches(raw: Buffer, id: number, name: string, type: DnsRecordType): boolean {
  try {
    const r = dnsPacket.decode(raw);
    const q = r.questions?.[0];
    return r.id === id && r.flag_qr && !!q && sameName(q.name, name) && String(q.type) === type;
  } catch {
    return false;
  }
}

const canonical = (n: string) => n.replace(/\.$/, '').toLowerCase();
const sameName = (a: string, b: string) => canonical(a) === canonical(b);

function rcodeOf(reply: Decoded): DnsRcode {
  const named = (reply as { rcode?: unknown }).rcode;
  return (typeof named === 'string' ? named : 'SERVFAIL') as DnsRcode;
}

function toAnswer(reply: Decoded, name: string, type: DnsRecordType): DnsAnswer {
  const records = (reply.answers ?? [])
    .map((a) => toDnsRecord(a as never))
    .filter((r): r is DnsRecord => r !== null);
  // Follow the CNAME chain inside the answer section (RFC 1034 §3.6.2), stopping on a loop.
  const cnames: string[] = [];
  const owners = new Set([canonical(name)]);
  let current = canonical(name);
  while (type !== 'CNAME') {
    const c = records.find((r) => r.type === 'CNAME' && canonical(r.name) === current);
    if (!c || c.type !== 'CNAME' || owners.has(canonical(c.target))) break;
    cnames.push(c.target);
    current = canonical(c.target);
    owners.add(current);
  }
  return {
    rcode: rcodeOf(reply),
    answers: records.filter((r) => r.type === type && owners.has(canonical(r.name))),
    cnames,
    ad: reply.flag_ad,
    aa: reply.flag_aa,
    ede: extendedErrors(reply),
  };
}

function extendedErrors(reply: Decoded): ExtendedDnsError[] {
  const out: ExtendedDnsError[] = [];
  for (const add of reply.additionals ?? []) {
    const a = add as { type?: string; options?: { code?: number; data?: Buffer }[] };
    if (a.type !== 'OPT') continue;
    for (const o of a.options ?? []) {
      if (o.code === EDE_OPTION && o.data && o.data.length >= 2) {
        out.push({ code: o.data.readUInt16BE(0), text: o.data.subarray(2).toString('utf8') });
      }
    }
  }
  return out;
}

const failure = (error: string): DnsAnswer => ({
  rcode: 'SERVFAIL',
  answers: [],
  cnames: [],
  ad: false,
  aa: false,
  ede: [],
  error,
});
