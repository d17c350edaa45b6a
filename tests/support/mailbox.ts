import { simpleParser } from 'mailparser';
import { startSlowSmtp } from './smtp';

export type Mailbox = {
  /** SMTP_URL for the server under test. */
  url: string;
  /** The path and query of the first link to `pathPrefix` mailed to `to` (a verification, an invitation). */
  link: (to: string, pathPrefix: string, timeoutMs?: number) => Promise<string>;
  close: () => Promise<void>;
};

// The SMTP catcher read as a person reads mail, for the e2e journeys that follow a mailed link: each
// message's text and HTML parts decoded (quoted-printable breaks long links).
export async function startMailbox(): Promise<Mailbox> {
  const smtp = await startSlowSmtp(0);
  const bodies = new Map<string, string>();
  const bodyOf = async (data: string) => {
    let body = bodies.get(data);
    if (body === undefined) {
      const parsed = await simpleParser(data);
      bodies.set(data, (body = `${parsed.text ?? ''}\n${String(parsed.html ?? '')}`));
    }
    return body;
  };
  return {
    url: smtp.url,
    async link(to, pathPrefix, timeoutMs = 20_000) {
      const pattern = new RegExp(`https?://[^\\s"<>]+${pathPrefix}\\?[^\\s"<>]+`);
      const started = Date.now();
      for (;;) {
        for (const mail of smtp.received.filter((m) => m.to.includes(to))) {
          const match = pattern.exec(await bodyOf(mail.data));
          if (match) {
            const url = new URL(match[0]);
            return `${url.pathname}${url.search}`;
          }
        }
        if (Date.now() - started > timeoutMs)
          throw new Error(`no mail to ${to} with ${pathPrefix} within ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 200));
      }
    },
    close: smtp.close,
  };
}
