import { readFileSync } from 'node:fs';
import https from 'node:https';
import { isIP } from 'node:net';
import { rootCertificates, type TLSSocket } from 'node:tls';

// Fetches an MTA-STS policy the way RFC 8461 §3.3 wants senders to: HTTPS GET with a certificate valid
// for the policy host (checked against the public roots, plus MTA_STS_CA_FILE for tests), no redirects
// followed, 200 only, Content-Type text/plain, and at most 64 KiB read.

export const POLICY_SIZE_LIMIT = 64 * 1024;

export type PolicyFetch =
  | {
      ok: true;
      status: number;
      contentType: string | null;
      body: string;
      address: string;
      /** The policy host certificate's notAfter (ISO), for the expiry alert; null when not read. */
      certificateExpires?: string | null;
    }
  | {
      ok: false;
      reason: 'tls' | 'redirect' | 'status' | 'content_type' | 'too_large' | 'network' | 'timeout';
      detail: string;
      address?: string;
    };

/** host: mta-sts.<domain>; address: an IP address of that host (resolved by the checker's resolver). */
export type PolicyFetcher = (host: string, address: string) => Promise<PolicyFetch>;

export type FetcherOptions = { port?: number; caFile?: string; timeoutMs?: number };

export function createPolicyFetcher(options: FetcherOptions = {}): PolicyFetcher {
  const ca = options.caFile ? [...rootCertificates, readFileSync(options.caFile, 'utf8')] : undefined;
  const port = options.port ?? 443;
  const timeoutMs = options.timeoutMs ?? 8000;
  return (host, address) =>
    new Promise<PolicyFetch>((resolve) => {
      let settled = false;
      const done = (value: PolicyFetch) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        req.destroy();
        resolve(value);
      };
      const req = https.request({
        host: address,
        family: isIP(address) || undefined,
        port,
        path: '/.well-known/mta-sts.txt',
        method: 'GET',
        servername: host,
        headers: { host, 'user-agent': 'msas-checks', accept: 'text/plain' },
        ca,
        agent: false,
      });
      const timer = setTimeout(
        () => done({ ok: false, reason: 'timeout', detail: `no answer in ${timeoutMs} ms`, address }),
        timeoutMs,
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        const tls = /CERT|SSL|TLS|SELF_SIGNED|ALTNAME|UNABLE_TO/i.test(err.code ?? '');
        done({
          ok: false,
          reason: tls ? 'tls' : 'network',
          detail: err.code ? `${err.code}: ${err.message}` : err.message,
          address,
        });
      });
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        const certificateExpires = peerExpiry(res.socket);
        const contentType = res.headers['content-type'] ?? null;
        if (status >= 300 && status < 400) {
          return done({
            ok: false,
            reason: 'redirect',
            detail: `HTTP ${status} to ${res.headers.location ?? '?'}`,
            address,
          });
        }
        if (status !== 200) return done({ ok: false, reason: 'status', detail: `HTTP ${status}`, address });
        const mediaType = (contentType ?? '').split(';')[0].trim().toLowerCase();
        if (mediaType !== 'text/plain') {
          return done({
            ok: false,
            reason: 'content_type',
            detail: `Content-Type ${contentType ?? 'missing'}`,
            address,
          });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > POLICY_SIZE_LIMIT) {
            done({ ok: false, reason: 'too_large', detail: `more than ${POLICY_SIZE_LIMIT} bytes`, address });
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () =>
          done({
            ok: true,
            status,
            contentType,
            body: Buffer.concat(chunks).toString('utf8'),
            address,
            certificateExpires,
          }),
        );
        res.on('error', (err) => done({ ok: false, reason: 'network', detail: err.message, address }));
      });
      req.end();
    });
}

/** The leaf certificate's notAfter as ISO text (the TLS socket's valid_to), or null when unreadable. */
function peerExpiry(socket: unknown): string | null {
  const cert = (socket as Partial<TLSSocket> | null)?.getPeerCertificate?.();
  const at = cert?.valid_to ? Date.parse(cert.valid_to) : NaN;
  return Number.isFinite(at) ? new Date(at).toISOString() : null;
}
