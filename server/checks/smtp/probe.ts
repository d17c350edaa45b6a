import net from 'node:net';
import tls from 'node:tls';
import { isExpired, describeCertificate, nameMatches, peerChain } from './certificates';
import { SmtpReplyReader, type SmtpReply } from './replyReader';
import { hostWarnings, scoreSmtpHost } from './score';
import type { SmtpHostResult, SmtpProbe, SmtpProbeOptions, SmtpStep, SmtpStepName, TlsInfo } from './types';
import type { TargetChoice } from '../targets';

// One MX host: connect, read the banner, EHLO, STARTTLS when offered (RFC 3207), the TLS handshake, EHLO
// again over TLS (RFC 3207 §4.2: the server forgets what it said before), QUIT. Every step is timed and
// bounded; the certificate is never rejected here, only described, so that a bad one can be reported.
// The address comes vetted (server/checks/targets.ts): a refused one is reported and never contacted.

type Conversation = { socket: net.Socket; reader: SmtpReplyReader };

export async function probeSmtpHost(
  mx: { host: string; preference: number },
  target: TargetChoice,
  opts: SmtpProbeOptions,
): Promise<SmtpProbe> {
  const address = target.address;
  const result: SmtpHostResult = {
    host: mx.host,
    preference: mx.preference,
    address,
    port: opts.port,
    banner: null,
    extensions: [],
    startTls: false,
    tls: null,
    steps: [],
    warnings: [],
    score: 0,
  };
  if (target.refusal) {
    result.steps.push(timed('connect', performance.now(), false, target.refusal.message));
    result.warnings = [target.refusal];
    return { result, chain: [] };
  }
  let chain: Buffer[] = [];
  let conv: Conversation | null = null;
  const step = async <T>(name: SmtpStepName, run: () => Promise<T>, detail?: (v: T) => string) => {
    const t0 = performance.now();
    try {
      const value = await run();
      result.steps.push(timed(name, t0, true, detail?.(value)));
      return value;
    } catch (e) {
      result.steps.push(timed(name, t0, false, (e as Error).message));
      throw e;
    }
  };
  try {
    if (!address) throw new Error('no address');
    conv = await step('connect', () => connect(address, opts.port, opts.timeoutMs));
    const c = conv;
    const banner = await step(
      'banner',
      () => expect(c.reader, opts.timeoutMs, 220),
      (r) => r.lines[0],
    );
    result.banner = banner.lines.join('\n');
    const ehlo = await step('ehlo', () => command(c, `EHLO ${opts.helo}`, opts.timeoutMs, 250));
    result.extensions = ehlo.lines.slice(1).map((l) => l.trim());
    result.startTls = result.extensions.some((e) => /^STARTTLS\b/i.test(e));
    if (result.startTls) {
      await step('starttls', () => command(c, 'STARTTLS', opts.timeoutMs, 220));
      const secure = await step(
        'tls',
        () => handshake(c, mx.host, opts),
        (s) => `${s.getProtocol()}`,
      );
      conv = { socket: secure, reader: new SmtpReplyReader(secure) };
      const leaf = secure.getPeerCertificate(true);
      chain = peerChain(leaf);
      result.tls = tlsInfo(secure, mx.host, chain, leaf);
      const t = conv;
      await step('ehlo_tls', () => command(t, `EHLO ${opts.helo}`, opts.timeoutMs, 250));
    }
    const q = conv;
    await step('quit', () => command(q, 'QUIT', opts.timeoutMs, 221)).catch(() => undefined);
  } catch {
    // The failed step is recorded in steps; the warnings below say what it means.
  } finally {
    conv?.socket.destroy();
  }
  result.warnings = hostWarnings(result);
  result.score = scoreSmtpHost(result);
  return { result, chain };
}

const timed = (step: SmtpStepName, t0: number, ok: boolean, detail?: string): SmtpStep => ({
  step,
  ms: Math.round((performance.now() - t0) * 10) / 10,
  ok,
  ...(detail ? { detail } : {}),
});

function connect(host: string, port: number, timeoutMs: number): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no connection within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve({ socket, reader: new SmtpReplyReader(socket) });
    });
    socket.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

async function expect(reader: SmtpReplyReader, timeoutMs: number, code: number): Promise<SmtpReply> {
  const reply = await reader.read(timeoutMs);
  if (reply.code !== code) throw new Error(`${reply.code} ${reply.lines.join(' ')}`.slice(0, 200));
  return reply;
}

function command(c: Conversation, line: string, timeoutMs: number, code: number): Promise<SmtpReply> {
  c.socket.write(`${line}\r\n`);
  return expect(c.reader, timeoutMs, code);
}

function handshake(c: Conversation, host: string, opts: SmtpProbeOptions): Promise<tls.TLSSocket> {
  c.reader.detach();
  return new Promise((resolve, reject) => {
    const secure = tls.connect({
      socket: c.socket,
      servername: net.isIP(host) ? undefined : host,
      rejectUnauthorized: false,
      // Observe old servers rather than fail on them: their protocol is reported and scored.
      minVersion: 'TLSv1',
      ciphers: 'DEFAULT:@SECLEVEL=0',
      ca: opts.ca?.length ? [...tls.rootCertificates, ...opts.ca] : undefined,
    });
    const timer = setTimeout(() => {
      secure.destroy();
      reject(new Error(`no TLS handshake within ${opts.timeoutMs} ms`));
    }, opts.timeoutMs);
    secure.once('secureConnect', () => {
      clearTimeout(timer);
      resolve(secure);
    });
    secure.once('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

function tlsInfo(
  s: tls.TLSSocket,
  host: string,
  chain: Buffer[],
  leaf: tls.DetailedPeerCertificate,
): TlsInfo {
  const error = s.authorizationError ? String(s.authorizationError) : null;
  return {
    protocol: s.getProtocol() ?? null,
    cipher: s.getCipher()?.standardName ?? s.getCipher()?.name ?? null,
    trusted: s.authorized,
    trustError: error,
    nameMatches: nameMatches(host, leaf),
    expired: chain.length > 0 ? isExpired(chain[0]) : false,
    chain: chain.map((der) => describeCertificate(der)),
  };
}
