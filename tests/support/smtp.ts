import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type Received = { to: string[]; data: string };

export type SlowSmtp = {
  url: string;
  received: Received[];
  /** Answers 451 to the next `n` recipients, as a relay that is briefly unavailable. */
  failNext: (n: number) => void;
  /** Resolves when a message to `to` has arrived (fails after `ms`). */
  waitFor: (to: string, ms?: number) => Promise<Received>;
  close: () => Promise<void>;
};

// A relay on loopback that keeps every message as sent, and takes `delayMs` to accept each one, like a real
// one over the Internet. The one SMTP catcher of the tests (integration and e2e).
// `ignore`: messages it matches are accepted but not kept (tests of one kind of mail leave out another).
// `port`: a given one, to stand in for a relay that comes back on its address after an outage.
export async function startSlowSmtp(
  delayMs: number,
  options: { ignore?: (data: string) => boolean; port?: number } = {},
): Promise<SlowSmtp> {
  const port = options.port ?? 0;
  const received: Received[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (failures > 0) {
        failures -= 1;
        const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const data = Buffer.concat(chunks).toString('utf8');
        setTimeout(() => {
          if (!options.ignore?.(data))
            received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        }, delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    received,
    failNext: (n) => {
      failures = n;
    },
    async waitFor(to, ms = 10_000) {
      const until = Date.now() + ms;
      for (;;) {
        const found = received.find((r) => r.to.includes(to));
        if (found) return found;
        if (Date.now() > until) throw new Error(`no mail to ${to} within ${ms} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
