import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { hostAddresses } from '../../../checks/dns/hostAddresses';
import { createDnsResolver } from '../../../checks/resolver';
import type { Resolver } from '../../../checks/dnsTypes';
import { nonPublicRange } from '../../../lib/public-address';

// Where a webhook is posted. The host name is resolved once, every address it has is checked (public
// addresses only, unless CHECKS_ALLOW_PRIVATE_TARGETS), and the connection goes to the first checked
// address: a second lookup could answer otherwise (a name with a short TTL that points at a public address
// for the check and at the server's own network for the fetch: DNS rebinding). The name stays the URL's, so
// TLS checks the certificate for it (SNI) and the Host header names it. Redirects are never followed.

export type WebhookTarget = { url: URL; address: string };

/** The address the delivery connects to, resolved with the checks' resolver (DNS_SERVERS). */
export async function webhookTarget(
  url: URL,
  allowPrivate: boolean,
  resolver: Resolver = createDnsResolver(),
): Promise<WebhookTarget> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host) ? [host] : (await hostAddresses(resolver, host)).addresses;
  const bad = allowPrivate ? null : addresses.map(nonPublicRange).find((r) => r !== null);
  if (bad || addresses.length === 0) throw new Error(`webhook host ${host} is not on a public address`);
  return { url, address: addresses[0]! };
}

/** A lookup that answers the checked address whatever name it is asked about: no second resolution. */
function pinned(address: string): LookupFunction {
  const family = isIP(address);
  return (_host, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** POSTs `body` to the target's checked address; the answer's status (a redirect is not followed). */
export function postToTarget(
  target: WebhookTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs = 10_000,
): Promise<number> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(target.url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      lookup: pinned(target.address),
      agent: false,
      timeout: timeoutMs,
    });
    req.on('timeout', () => req.destroy(new Error(`webhook did not answer in ${timeoutMs} ms`)));
    req.on('error', reject);
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.end(body);
  });
}
