import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type Mail = { to: string; text: string };

export type Mailbox = {
  /** SMTP_URL for the server under test. */
  url: string;
  mails: Mail[];
  /** The path and query of the first link to `pathPrefix` mailed to `to` (a verification, an invitation). */
  link: (to: string, pathPrefix: string, timeoutMs?: number) => Promise<string>;
  close: () => Promise<void>;
};

// A loopback SMTP server that keeps every message's text and HTML, for the e2e journeys that follow a mailed link.
export async function startMailbox(): Promise<Mailbox> {
  const mails: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      void simpleParser(stream).then((parsed) => {
        for (const rcpt of session.envelope.rcptTo)
          mails.push({ to: rcpt.address, text: `${parsed.text ?? ''}\n${String(parsed.html ?? '')}` });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async link(to, pathPrefix, timeoutMs = 20_000) {
      const pattern = new RegExp(`https?://[^\\s"<>]+${pathPrefix}\\?[^\\s"<>]+`);
      const started = Date.now();
      for (;;) {
        for (const mail of mails.filter((m) => m.to === to)) {
          const match = pattern.exec(mail.text);
          if (match) {
            const url = new URL(match[0]);
            return `${url.pathname}${url.search}`;
          }
        }
        if (Date.now() - started > timeoutMs)
          throw new Error(`no mail to ${to} with ${pathPrefix}: ${JSON.stringify(mails)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
