import dgram from 'node:dgram';
import dnsPacket, { type RecordType } from 'dns-packet';

export type DnsAnswer = { rcode: string; ad: boolean; answers: { type: string; data: unknown }[] };

// One UDP query with the DO bit (RFC 4035 §3.2.1) and RD set, decoded.
export function queryDns(
  port: number,
  name: string,
  type: RecordType,
  timeoutMs = 5_000,
): Promise<DnsAnswer> {
  const query = dnsPacket.encode({
    type: 'query',
    id: Math.floor(Math.random() * 65535),
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ type, name }],
    additionals: [{ type: 'OPT', name: '.', udpPayloadSize: 1232, flags: dnsPacket.DNSSEC_OK } as never],
  });
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error(`DNS query ${name} ${type} to port ${port} timed out`));
    }, timeoutMs);
    socket.once('message', (msg) => {
      clearTimeout(timer);
      socket.close();
      const res = dnsPacket.decode(msg);
      resolve({
        rcode: (res as unknown as { rcode: string }).rcode,
        ad: res.flag_ad,
        answers: (res.answers ?? []).map((a) => ({ type: a.type, data: (a as { data?: unknown }).data })),
      });
    });
    socket.send(query, port, '127.0.0.1');
  });
}
