import escapeHtml from 'escape-html';
import type { MailAttachment } from '../../db/schema';
import { chartDays, dailyChartPng } from './chart';
import type { DigestFigures, Rates } from './content';
import { change, wordsFor, type Words } from './words';

// One report as a list of blocks (headings, paragraphs, tables, the chart), written out as HTML (tables with
// inline styles, the chart as an inline PNG part), as plain text, and as PDF (./pdf.ts). Every figure in
// the image is also in a table.

export type RenderInput = {
  name: string;
  organization: string;
  figures: DigestFigures;
  language: string;
  late: boolean;
  consoleLink: string;
  unsubscribeLink: string | null;
};

export type Block =
  | { kind: 'title' | 'heading' | 'line' | 'note' | 'small'; text: string }
  | { kind: 'table'; heads: string[]; rows: string[][]; rightFrom: number }
  | { kind: 'image'; cid: string; alt: string; width: number; height: number }
  | { kind: 'link'; label: string; href: string };

export type DigestDocument = { subject: string; language: string; blocks: Block[]; images: MailAttachment[] };
export type RenderedDigest = { subject: string; html: string; text: string; images: MailAttachment[] };

function summaryRows(f: DigestFigures, words: Words) {
  const { w, num, pct } = words;
  const line = (label: string, now: Rates, before: Rates, policy: string) => {
    const m = change(now.messages, before.messages, '', words);
    const r = change(now.dmarc, before.dmarc, 'pp', words);
    const cells = [label, num(now.messages), pct(now.dmarc), pct(now.spf), pct(now.dkim), policy];
    return [...cells, `${m.arrow} ${m.text}`, `${r.arrow} ${r.text}`];
  };
  return [
    line(w('all'), f.total, f.totalBefore, ''),
    ...f.lines.map((l) => line(l.domain, l.now, l.before, l.policy ?? '')),
  ];
}

// The first three warnings, as text: stored warnings are strings or objects with a message.
function topWarnings(warnings: unknown[]): string {
  const text = (x: unknown) =>
    typeof x === 'string'
      ? x
      : typeof x === 'object' && x && 'message' in x
        ? String((x as { message: unknown }).message)
        : JSON.stringify(x);
  return warnings.slice(0, 3).map(text).join('; ');
}

export function digestDocument(input: RenderInput): DigestDocument {
  const words = wordsFor(input.language);
  const { w, num, pct } = words;
  const f = input.figures;
  const blocks: Block[] = [];
  const table = (heads: string[], rows: string[][], rightFrom = 1) =>
    blocks.push({ kind: 'table', heads, rows, rightFrom });
  blocks.push({ kind: 'title', text: input.name });
  for (const text of [
    input.organization,
    w('period', { begin: f.period.begin, end: f.period.end }),
    w('previous', { begin: f.previous.begin, end: f.previous.end }),
  ])
    blocks.push({ kind: 'line', text });
  if (input.late) blocks.push({ kind: 'note', text: w('late') });
  const images: MailAttachment[] = [];
  if (f.total.messages === 0) blocks.push({ kind: 'note', text: w('quiet') });
  else {
    blocks.push({ kind: 'heading', text: w('summary') });
    const heads = [
      w('domain'),
      w('messages'),
      w('dmarc'),
      w('spf'),
      w('dkim'),
      w('policy'),
      w('change'),
      `${w('change')} (${w('dmarc')})`,
    ];
    table(heads, summaryRows(f, words));
    blocks.push({ kind: 'heading', text: w('chart') });
    const days = chartDays(f.period.begin, f.period.end, f.days);
    const cid = 'chart-daily@msas';
    const png = dailyChartPng(days).toString('base64');
    images.push({ filename: 'messages-per-day.png', cid, contentType: 'image/png', content: png });
    blocks.push({ kind: 'image', cid, alt: w('chart'), width: 600, height: 200 });
    table(
      [w('day'), w('passed'), w('failed')],
      days.map((d) => [d.day, num(d.passed), num(d.failed)]),
    );
    if (f.ips) {
      blocks.push({ kind: 'heading', text: w('byIp') });
      const rows = f.ips.map((r) => [
        r.isNew ? `${r.ip} (${w('isNew')})` : r.ip,
        r.reverse_dns ?? '',
        r.sender_service ?? '',
        num(r.messages),
        pct(r.dmarc),
      ]);
      table([w('ip'), w('reverse'), w('sender'), w('messages'), w('dmarc')], rows, 3);
    }
    if (f.senders) {
      blocks.push({ kind: 'heading', text: w('bySender') });
      const rows = f.senders.map((r) => [r.sender_service, num(r.messages), pct(r.dmarc), num(r.ips)]);
      table([w('sender'), w('messages'), w('dmarc'), w('ips')], rows);
    }
  }
  // After the figures and outside the quiet branch: a rule such as "no reports" fires in a quiet period.
  blocks.push({ kind: 'heading', text: w('alerts') });
  if (f.alerts.length === 0) blocks.push({ kind: 'line', text: w('noAlerts') });
  else
    table(
      [w('alert'), w('alertSubject'), w('firings'), w('lastDay'), w('now')],
      f.alerts.map((a) => [
        a.rule || a.condition,
        a.subject,
        num(a.firings),
        a.lastDay,
        a.open ? w('open') : w('resolved'),
      ]),
      2,
    );
  if (f.checks) {
    blocks.push({ kind: 'heading', text: w('systems') });
    if (f.checks.length === 0) blocks.push({ kind: 'line', text: w('noChecks') });
    else {
      const rows = f.checks.map((c) => [
        c.domain,
        c.system,
        c.status,
        c.score === null ? '' : String(c.score),
        topWarnings(c.warnings),
      ]);
      table([w('domain'), w('system'), w('status'), w('score'), w('warnings')], rows, 99);
    }
  }
  blocks.push({ kind: 'link', label: w('openConsole'), href: input.consoleLink });
  blocks.push({ kind: 'small', text: w('footer', { name: input.name }) });
  if (input.unsubscribeLink)
    blocks.push({ kind: 'link', label: w('unsubscribe'), href: input.unsubscribeLink });
  return {
    subject: w('subject', { name: input.name, begin: f.period.begin, end: f.period.end }),
    language: input.language,
    blocks,
    images,
  };
}

const td = (s: string, right: boolean) =>
  `<td style="padding:4px 8px;border-bottom:1px solid #e0e0e0;${right ? 'text-align:right;' : ''}">${escapeHtml(s)}</td>`;
const th = (s: string) =>
  `<th style="padding:4px 8px;text-align:left;background:#f5f5f5;">${escapeHtml(s)}</th>`;

function blockHtml(b: Block): string {
  switch (b.kind) {
    case 'title':
      return `<h1 style="font-size:20px;margin:0 0 4px;">${escapeHtml(b.text)}</h1>`;
    case 'heading':
      return `<h2 style="font-size:16px;margin:16px 0 4px;">${escapeHtml(b.text)}</h2>`;
    case 'line':
      return `<p style="margin:2px 0;color:#555;">${escapeHtml(b.text)}</p>`;
    case 'note':
      return `<p style="padding:8px;background:#fff3e0;"><strong>${escapeHtml(b.text)}</strong></p>`;
    case 'small':
      return `<p style="font-size:12px;color:#777;margin-top:16px;">${escapeHtml(b.text)}</p>`;
    case 'link':
      return `<p style="margin:8px 0;"><a href="${escapeHtml(b.href)}">${escapeHtml(b.label)}</a></p>`;
    case 'image':
      return `<img src="cid:${b.cid}" width="${b.width}" height="${b.height}" alt="${escapeHtml(b.alt)}" style="display:block;max-width:100%;">`;
    case 'table':
      return (
        '<table style="border-collapse:collapse;font-size:13px;margin:8px 0 16px;">' +
        `<tr>${b.heads.map(th).join('')}</tr>` +
        b.rows.map((r) => `<tr>${r.map((c, i) => td(c, i >= b.rightFrom)).join('')}</tr>`).join('') +
        '</table>'
      );
  }
}

function blockText(b: Block): string {
  switch (b.kind) {
    case 'title':
      return `${b.text}\n${'='.repeat(b.text.length)}`;
    case 'heading':
      return `\n${b.text}\n${'-'.repeat(b.text.length)}`;
    case 'note':
      return `\n${b.text}`;
    case 'small':
      return `\n${b.text}`;
    case 'link':
      return `${b.label}: ${b.href}`;
    case 'image':
      return '';
    case 'table':
      return [b.heads.join(' | '), ...b.rows.map((r) => r.join(' | '))].join('\n');
    default:
      return b.text;
  }
}

export function renderDigest(input: RenderInput): RenderedDigest {
  const doc = digestDocument(input);
  const lang = doc.language === 'pt' ? 'pt-BR' : 'en';
  const body = doc.blocks.map(blockHtml).join('');
  return {
    subject: doc.subject,
    html: `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(doc.subject)}</title></head><body style="font-family:Arial,sans-serif;color:#222;">${body}</body></html>`,
    text: `${doc.blocks
      .map(blockText)
      .filter((t) => t !== '')
      .join('\n')}\n`,
    images: doc.images,
  };
}
