// Every organization's own report address (the rua it publishes): its random report_slug as the local part
// at REPORT_ADDRESS_DOMAIN (`<slug>@reports.example.com`, for the SMTP listener behind an MX), or, with
// REPORT_ADDRESS_PREFIX, plus-addressed into one ordinary mailbox (`dmarc+<slug>@example.com`, for the IMAP
// poller). Both spellings are recognised whatever the settings say, so changing them never loses mail.

export type ReportAddressing = {
  domain: string;
  prefix?: string;
  /** Set by the settings: the operator named the domain and it is one mail from the internet can reach. */
  receivesMail?: boolean;
  /** The host the report domain's MX names (REPORT_MX_HOST, default the PUBLIC_URL host). */
  mxHost?: string;
};

const slugPattern = /^[0-9a-f]{20}$/;

/**
 * The default when REPORT_ADDRESS_DOMAIN is unset: plus-addressing into the IMAP_URL mailbox when its user
 * name is an address, else `<slug>@` the host name of PUBLIC_URL.
 */
export function defaultReportAddressing(imapUrl: string | undefined, publicUrl: string): ReportAddressing {
  const user = imapUrl ? safeDecode(new URL(imapUrl).username) : '';
  const at = user.lastIndexOf('@');
  if (at > 0 && at < user.length - 1)
    return { domain: user.slice(at + 1).toLowerCase(), prefix: user.slice(0, at).split('+')[0] };
  return { domain: new URL(publicUrl).hostname.toLowerCase() };
}

export function reportAddress(slug: string, addressing: ReportAddressing): string {
  return `${addressing.prefix ? `${addressing.prefix}+` : ''}${slug}@${addressing.domain}`;
}

/** The organization slug an address names, if it is a report address of this server (case-insensitive). */
export function slugOfAddress(address: string, addressing: ReportAddressing): string | null {
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  const domain = address
    .slice(at + 1)
    .replace(/\.$/, '')
    .toLowerCase();
  if (domain !== addressing.domain.toLowerCase()) return null;
  const local = address.slice(0, at).toLowerCase();
  // The detail after the last "+" (RFC 5233 subaddress), or the whole local part.
  const slug = local.slice(local.lastIndexOf('+') + 1);
  return slugPattern.test(slug) ? slug : null;
}

/**
 * The recipient addresses a stored message carries in its header, most telling first: Delivered-To and
 * X-Original-To (written by the receiving mail system, RFC 9228), then To and Cc (written by the sender).
 */
export function headerRecipients(message: Buffer): string[] {
  // The header ends at the first empty line (CRLF or bare LF in files saved by some tools).
  const ends = [message.indexOf('\r\n\r\n'), message.indexOf('\n\n')].filter((i) => i >= 0);
  const end = ends.length ? Math.min(...ends) : Math.min(message.length, 64 * 1024);
  const head = message.subarray(0, end).toString('latin1');
  // Unfold continuation lines (RFC 5322 section 2.2.3).
  const lines = head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  const out: string[] = [];
  for (const name of ['delivered-to', 'x-original-to', 'to', 'cc']) {
    for (const line of lines) {
      const colon = line.indexOf(':');
      if (colon <= 0 || line.slice(0, colon).trim().toLowerCase() !== name) continue;
      for (const m of line.slice(colon + 1).matchAll(/[^\s<>,;:"()[\]]+@[^\s<>,;:"()[\]]+/g))
        if (!out.includes(m[0])) out.push(m[0]);
    }
  }
  return out;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
