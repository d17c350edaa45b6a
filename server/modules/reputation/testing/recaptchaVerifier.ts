import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A loopback stand-in for Google's siteverify endpoint: tokens starting "good" pass, "slow" answer after
// `slowMs`, anything else fails. Every verification request is recorded.

export type VerifierCall = { secret: string | null; response: string | null; remoteip: string | null };
export type TestVerifier = { url: string; calls: VerifierCall[]; close: () => Promise<void> };

export async function startRecaptchaVerifier(slowMs = 2000): Promise<TestVerifier> {
  const calls: VerifierCall[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      const call = {
        secret: form.get('secret'),
        response: form.get('response'),
        remoteip: form.get('remoteip'),
      };
      calls.push(call);
      const token = call.response ?? '';
      const answer = () => {
        if (res.destroyed) return;
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify(
            token.startsWith('good')
              ? { success: true, hostname: 'localhost' }
              : { success: false, 'error-codes': ['invalid-input-response'] },
          ),
        );
      };
      if (token.startsWith('slow')) setTimeout(answer, slowMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/recaptcha/api/siteverify`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
