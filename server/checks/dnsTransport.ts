import dgram from 'node:dgram';
import net from 'node:net';
import type { DnsServerAddress } from './dnsTypes';

// One DNS message exchange with one server, over UDP (RFC 1035 §4.2.1) or TCP with the two-octet length
// prefix (RFC 1035 §4.2.2, RFC 7766). Resolves with the raw reply, or null on timeout or abort.
// `accept` lets the caller drop replies that do not match its query id and question (spoofing, strays).

export type Exchange = (
  server: DnsServerAddress,
  message: Buffer,
  timeoutMs: number,
  accept: (reply: Buffer) => boolean,
  signal?: AbortSignal,
) => Promise<Buffer | null>;

export const udpExchange: Exchange = (server, message, timeoutMs, accept, signal) =>
  new Promise((resolve) => {
    const socket = dgram.createSocket(net.isIPv6(server.host) ? 'udp6' : 'udp4');
    let done = false;
    const finish = (value: Buffer | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.close();
      resolve(value);
    };
    const onAbort = () => finish(null);
    const timer = setTimeout(() => finish(null), timeoutMs);
    signal?.addEventListener('abort', onAbort);
    socket.on('error', () => finish(null));
    socket.on('message', (msg, rinfo) => {
      if (rinfo.port === server.port && accept(msg)) finish(msg);
    });
    socket.send(message, server.port, server.host, (err) => {
      if (err) finish(null);
    });
  });

export const tcpExchange: Exchange = (server, message, timeoutMs, accept, signal) =>
  new Promise((resolve) => {
    const socket = net.connect({ host: server.host, port: server.port });
    let buffered = Buffer.alloc(0);
    let done = false;
    const finish = (value: Buffer | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      socket.destroy();
      resolve(value);
    };
    const onAbort = () => finish(null);
    const timer = setTimeout(() => finish(null), timeoutMs);
    signal?.addEventListener('abort', onAbort);
    socket.on('error', () => finish(null));
    socket.on('close', () => finish(null));
    socket.on('connect', () => {
      const prefix = Buffer.alloc(2);
      prefix.writeUInt16BE(message.length);
      socket.write(Buffer.concat([prefix, message]));
    });
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2) {
        const len = buffered.readUInt16BE(0);
        if (buffered.length < 2 + len) return;
        const reply = buffered.subarray(2, 2 + len);
        buffered = buffered.subarray(2 + len);
        if (accept(reply)) return finish(reply);
      }
    });
  });
