import dgram from 'node:dgram';
import net from 'node:net';
import dnsPacket from 'dns-packet';
import { Zone, type ZoneRecord, type ZoneReply, type ZoneRule } from './dnsZone';

// A loopback DNS server for tests: UDP and TCP on 127.0.0.1, same port, serving records given as data.
// Programmable: per-name failures (timeout = no answer at all, SERVFAIL, NXDOMAIN, NODATA, REFUSED), an
// added latency per query, the AD bit for names a test calls "validated", forced truncation over UDP.

export type LoggedQuery = { name: string; type: string; transport: 'udp' | 'tcp'; dnssecOk: boolean };

export type DnsServerOptions = {
  records?: ZoneRecord[];
  rules?: ZoneRule[];
  latencyMs?: number | ((name: string, type: string) => number);
  /** Names (and so their answers) to mark with the AD bit when the query sets DO or AD. */
  authenticated?: (name: string, type: string) => boolean;
  /** Truncate every UDP reply that has answers, to force the client onto TCP. */
  truncateUdp?: boolean;
  /** Called with each question before it is answered (a test may change the records: DNS rebinding). */
  onQuery?: (query: LoggedQuery) => void;
};

export type TestDnsServer = {
  host: string;
  port: number;
  /** Every question received, in order (tests count lookups with it). */
  queries: LoggedQuery[];
  setRecords(records: ZoneRecord[]): void;
  setRules(rules: ZoneRule[]): void;
  close(): Promise<void>;
};

type Flags = { rd: boolean; dnssecOk: boolean; adWanted: boolean; payload: number; edns: boolean };

export async function startDnsServer(options: DnsServerOptions = {}): Promise<TestDnsServer> {
  const zone = new Zone(options.records ?? [], options.rules ?? []);
  const queries: LoggedQuery[] = [];

  const respond = async (raw: Buffer, transport: 'udp' | 'tcp'): Promise<Buffer | null> => {
    let query: ReturnType<typeof dnsPacket.decode>;
    try {
      query = dnsPacket.decode(raw);
    } catch {
      return null;
    }
    const q = query.questions?.[0];
    if (!q) return null;
    const opt = (query.additionals ?? []).find((a) => a.type === 'OPT') as
      { udpPayloadSize?: number; flags?: number } | undefined;
    const flags: Flags = {
      rd: query.flag_rd,
      dnssecOk: ((opt?.flags ?? 0) & dnsPacket.DNSSEC_OK) !== 0,
      adWanted: query.flag_ad,
      payload: Math.max(512, opt?.udpPayloadSize ?? 512),
      edns: !!opt,
    };
    const type = String(q.type);
    const logged: LoggedQuery = { name: q.name, type, transport, dnssecOk: flags.dnssecOk };
    queries.push(logged);
    options.onQuery?.(logged);
    const latency =
      typeof options.latencyMs === 'function' ? options.latencyMs(q.name, type) : options.latencyMs;
    if (latency) await new Promise((r) => setTimeout(r, latency));
    const reply = zone.answer(q.name, type);
    if (reply.kind === 'timeout') return null;
    const ad =
      (flags.dnssecOk || flags.adWanted) &&
      reply.rcode === 'NOERROR' &&
      !!options.authenticated?.(q.name, type);
    const full = encodeReply(query.id ?? 0, q, reply, flags, ad, false);
    if (
      transport === 'udp' &&
      (full.length > flags.payload || (options.truncateUdp && reply.answers.length))
    ) {
      return encodeReply(query.id ?? 0, q, { ...reply, answers: [] }, flags, ad, true);
    }
    return full;
  };

  const sockets = new Set<net.Socket>();
  const { udp, tcp, port } = await bindBoth(respond, sockets);
  return {
    host: '127.0.0.1',
    port,
    queries,
    setRecords: (records) => zone.setRecords(records),
    setRules: (rules) => zone.setRules(rules),
    close: () =>
      new Promise<void>((resolve) => {
        udp.close();
        for (const s of sockets) s.destroy();
        tcp.close(() => resolve());
      }),
  };
}

function encodeReply(
  id: number,
  question: { name: string; type: string },
  reply: Extract<ZoneReply, { kind: 'reply' }>,
  flags: Flags,
  ad: boolean,
  truncated: boolean,
): Buffer {
  let bits = dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_AVAILABLE;
  if (flags.rd) bits |= dnsPacket.RECURSION_DESIRED;
  if (ad) bits |= dnsPacket.AUTHENTIC_DATA;
  if (truncated) bits |= dnsPacket.TRUNCATED_RESPONSE;
  bits |= { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 }[reply.rcode];
  const options = reply.ede ? [{ code: 15, data: edeData(reply.ede.code, reply.ede.text ?? '') }] : [];
  const opt = {
    type: 'OPT',
    name: '.',
    udpPayloadSize: 1232,
    flags: flags.dnssecOk ? dnsPacket.DNSSEC_OK : 0,
    options,
  };
  return dnsPacket.encode({
    type: 'response',
    id,
    flags: bits,
    questions: [question as never],
    answers: reply.answers as never[],
    additionals: flags.edns ? [opt as never] : [],
  });
}

function edeData(code: number, text: string) {
  const b = Buffer.alloc(2 + Buffer.byteLength(text));
  b.writeUInt16BE(code, 0);
  b.write(text, 2);
  return b;
}

type Respond = (raw: Buffer, transport: 'udp' | 'tcp') => Promise<Buffer | null>;

/** UDP on an ephemeral port, then TCP on the same number; retried if TCP finds that port taken. */
async function bindBoth(respond: Respond, sockets: Set<net.Socket>) {
  for (let attempt = 0; ; attempt++) {
    const udp = dgram.createSocket('udp4');
    udp.on('message', (msg, rinfo) => {
      void respond(msg, 'udp').then((out) => {
        if (out) udp.send(out, rinfo.port, rinfo.address);
      });
    });
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const port = udp.address().port;
    const tcp = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      serveTcp(socket, respond);
    });
    try {
      await new Promise<void>((resolve, reject) => {
        tcp.once('error', reject);
        tcp.listen(port, '127.0.0.1', () => resolve());
      });
      return { udp, tcp, port };
    } catch (err) {
      udp.close();
      if (attempt >= 10) throw err;
    }
  }
}

function serveTcp(socket: net.Socket, respond: Respond) {
  let buffered = Buffer.alloc(0);
  socket.on('error', () => socket.destroy());
  socket.on('data', (chunk) => {
    buffered = Buffer.concat([buffered, chunk]);
    while (buffered.length >= 2) {
      const len = buffered.readUInt16BE(0);
      if (buffered.length < 2 + len) return;
      const msg = buffered.subarray(2, 2 + len);
      buffered = buffered.subarray(2 + len);
      void respond(msg, 'tcp').then((out) => {
        if (!out || socket.destroyed) return;
        const prefix = Buffer.alloc(2);
        prefix.writeUInt16BE(out.length);
        socket.write(Buffer.concat([prefix, out]));
      });
    }
  });
}
