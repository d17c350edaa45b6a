import escapeHtml from 'escape-html';

// The alert mail as blocks written out twice: HTML with inline styles (as the digest mail is styled,
// server/modules/digests/render.ts; mail clients drop style sheets) and plain text.

export type MailAction = { label: string; url: string };
export type MailBlock =
  | { kind: 'title' | 'heading' | 'subheading' | 'line' | 'strong' | 'note' | 'small'; text: string }
  | { kind: 'table'; heads: string[]; rows: string[][]; rightFrom: number }
  | { kind: 'link'; label: string; href: string }
  /** Buttons: "See the data", and the actions other features add (acknowledge, snooze). */
  | { kind: 'buttons'; actions: MailAction[] };

const e = (s: string) => escapeHtml(s);
const td = (s: string, right: boolean) =>
  `<td style="padding:4px 8px;border-bottom:1px solid #e0e0e0;${right ? 'text-align:right;' : ''}">${e(s)}</td>`;
const th = (s: string) => `<th style="padding:4px 8px;text-align:left;background:#f5f5f5;">${e(s)}</th>`;
const button = (a: MailAction) =>
  `<a href="${e(a.url)}" style="display:inline-block;margin:4px 8px 4px 0;padding:8px 14px;` +
  `background:#1565c0;color:#ffffff;border-radius:4px;text-decoration:none;font-weight:bold;">${e(a.label)}</a>`;

function blockHtml(b: MailBlock): string {
  switch (b.kind) {
    case 'title':
      return `<h1 style="font-size:20px;margin:0 0 4px;">${e(b.text)}</h1>`;
    case 'heading':
      return `<h2 style="font-size:16px;margin:20px 0 4px;border-top:1px solid #e0e0e0;padding-top:12px;">${e(b.text)}</h2>`;
    case 'subheading':
      return `<h3 style="font-size:14px;margin:12px 0 4px;">${e(b.text)}</h3>`;
    case 'line':
      return `<p style="margin:4px 0;color:#555;">${e(b.text)}</p>`;
    case 'strong':
      return `<p style="margin:8px 0 4px;"><strong>${e(b.text)}</strong></p>`;
    case 'note':
      return `<p style="padding:8px;background:#fff3e0;margin:8px 0;">${e(b.text)}</p>`;
    case 'small':
      return `<p style="font-size:12px;color:#777;margin-top:16px;">${e(b.text)}</p>`;
    case 'link':
      return `<p style="font-size:12px;margin:4px 0;"><a href="${e(b.href)}">${e(b.label)}</a></p>`;
    case 'buttons':
      return `<p style="margin:8px 0;">${b.actions.map(button).join('')}</p>`;
    case 'table':
      return (
        // Scrolls sideways on a narrow screen instead of widening the mail.
        '<div style="overflow-x:auto;"><table style="border-collapse:collapse;font-size:13px;margin:8px 0 12px;">' +
        `<tr>${b.heads.map(th).join('')}</tr>` +
        b.rows.map((r) => `<tr>${r.map((c, i) => td(c, i >= b.rightFrom)).join('')}</tr>`).join('') +
        '</table></div>'
      );
  }
}

function blockText(b: MailBlock): string {
  switch (b.kind) {
    case 'title':
      return `${b.text}\n${'='.repeat(b.text.length)}`;
    case 'heading':
      return `\n${b.text}\n${'-'.repeat(b.text.length)}`;
    case 'subheading':
    case 'note':
    case 'small':
      return `\n${b.text}`;
    case 'link':
      return `${b.label}: ${b.href}`;
    case 'buttons':
      return b.actions.map((a) => `${a.label}: ${a.url}`).join('\n');
    case 'table':
      return [b.heads.join(' | '), ...b.rows.map((r) => r.join(' | '))].join('\n');
    default:
      return b.text;
  }
}

export function blocksHtml(lang: string, title: string, blocks: MailBlock[]): string {
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${e(title)}</title></head>` +
    `<body style="font-family:Arial,sans-serif;color:#222;max-width:680px;">${blocks.map(blockHtml).join('')}</body></html>`
  );
}

export const blocksText = (blocks: MailBlock[]) => `${blocks.map(blockText).join('\n')}\n`;
