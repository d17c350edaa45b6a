import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A loopback SMTP server for the TLS and DANE tests: STARTTLS with the given key and chain, or none.

export type TestSmtpServer = { port: number; close: () => Promise<void> };

export async function startTestSmtpServer(opts: {
  key?: string;
  cert?: string;
  startTls?: boolean;
  banner?: string;
  /** Delay before the greeting, to exercise timeouts. */
  greetingDelayMs?: number;
}): Promise<TestSmtpServer> {
  const server = new SMTPServer({
    secure: false,
    key: opts.key,
    cert: opts.cert,
    hideSTARTTLS: opts.startTls === false,
    banner: opts.banner ?? 'msas test',
    authOptional: true,
    disabledCommands: ['AUTH'],
    logger: false,
    onConnect: (_session, callback) => {
      if (opts.greetingDelayMs) setTimeout(() => callback(), opts.greetingDelayMs);
      else callback();
    },
    onData: (stream, _session, callback) => {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
