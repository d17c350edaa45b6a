import type { MailAttachment } from '../../db/schema';
import { chartDays, dailyChartSvg, svgToPng } from './chart';
import type { DigestFigures, Rates } from './content';
import { wordsFor } from './words';

// One report as a mail: HTML (tables with inline styles, the chart as an inline PNG part) and the same
// content as plain text. Every figure in the image is also in a table.

export type RenderInput = {
  name: string;
  organization: string;
  figures: DigestFigures;
  language: string;
  late: boolean;
  consoleLink: string;
  unsubscribeLink: string | null;
};

export type RenderedDigest = { subject: string; html: string; text: string; images: MailAttachment[] };

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const num = (n: number) => n.toLocaleString('en-US');
const pct = (n: number) => `${n.toFixed(2)}%`;

/** The change against the previous period: an arrow and the difference (points for rates). */
export function change(now: number, before: number, unit: '' | 'pp'): { arrow: string; text: string } {
  const d = Math.round((now - before) * 100) / 100;
  const arrow = d > 0 ? '▲' : d < 0 ? '▼' : '=';
  const sign = d > 0 ? '+' : '';
  return { arrow, text: unit === 'pp' ? `${sign}${d.toFixed(2)} pp` : `${sign}${num(d)}` };
}

const cell = (s: string, right = false) =>
  `<td style="padding:4px 8px;border-bottom:1px solid #e0e0e0;${right ? 'text-align:right;' : ''}">${s}</td>`;
const head = (s: string) => `<th style="padding:4px 8px;text-align:left;background:#f5f5f5;">${esc(s)}</th>`;
const table = (heads: string[], rows: string[][], rightFrom = 1) =>
  `<table style="border-collapse:collapse;font-size:13px;margin:8px 0 16px;">` +
  `<tr>${heads.map(head).join('')}</tr>` +
  rows.map((r) => `<tr>${r.map((c, i) => cell(c, i >= rightFrom)).join('')}</tr>`).join('') +
  '</table>';
const textTable = (heads: string[], rows: string[][]) =>
  [heads.join(' | '), ...rows.map((r) => r.join(' | '))].join('\n');

function summaryRows(f: DigestFigures, w: ReturnType<typeof wordsFor>) {
  const line = (label: string, now: Rates, before: Rates, policy: string) => {
    const m = change(now.messages, before.messages, '');
    const r = change(now.dmarc, before.dmarc, 'pp');
    return [
      label,
      num(now.messages),
      pct(now.dmarc),
      pct(now.spf),
      pct(now.dkim),
      policy,
      `${m.arrow} ${m.text}`,
      `${r.arrow} ${r.text}`,
    ];
  };
  return [
    line(w.all, f.total, f.totalBefore, ''),
    ...f.lines.map((l) => line(l.domain, l.now, l.before, l.policy ?? '')),
  ];
}

export function renderDigest(input: RenderInput): RenderedDigest {
  const w = wordsFor(input.language);
  const f = input.figures;
  const quiet = f.total.messages === 0;
  const subject = w.subject(input.name, f.period.begin, f.period.end);
  const html: string[] = [];
  const text: string[] = [];
  const section = (title: string) => {
    html.push(`<h2 style="font-size:16px;margin:16px 0 4px;">${esc(title)}</h2>`);
    text.push('', title, '-'.repeat(title.length));
  };
  const both = (heads: string[], rows: string[][], rightFrom = 1) => {
    html.push(
      table(
        heads,
        rows.map((r) => r.map(esc)),
        rightFrom,
      ),
    );
    text.push(textTable(heads, rows));
  };

  html.push(`<h1 style="font-size:20px;margin:0 0 4px;">${esc(input.name)}</h1>`);
  text.push(input.name, '='.repeat(input.name.length));
  for (const line of [
    input.organization,
    w.period(f.period.begin, f.period.end),
    w.previous(f.previous.begin, f.previous.end),
  ]) {
    html.push(`<p style="margin:2px 0;color:#555;">${esc(line)}</p>`);
    text.push(line);
  }
  if (input.late) {
    html.push(`<p style="padding:8px;background:#fff3e0;"><strong>${esc(w.late)}</strong></p>`);
    text.push('', w.late);
  }
  const images: MailAttachment[] = [];
  if (quiet) {
    html.push(`<p style="padding:8px;background:#eceff1;">${esc(w.quiet)}</p>`);
    text.push('', w.quiet);
  } else {
    section(w.summary);
    both(
      [w.domain, w.messages, w.dmarc, w.spf, w.dkim, w.policy, w.change, `${w.change} (${w.dmarc})`],
      summaryRows(f, w),
    );

    section(w.chart);
    const days = chartDays(f.period.begin, f.period.end, f.days);
    images.push({
      filename: 'messages-per-day.png',
      cid: 'chart-daily@msas',
      contentType: 'image/png',
      content: svgToPng(dailyChartSvg(days)).toString('base64'),
    });
    html.push(
      `<img src="cid:chart-daily@msas" width="600" height="200" alt="${esc(w.chart)}" style="display:block;max-width:100%;">`,
    );
    both(
      [w.day, w.passed, w.failed],
      days.map((d) => [d.day, num(d.passed), num(d.failed)]),
    );

    if (f.ips) {
      section(w.byIp);
      both(
        [w.ip, w.reverse, w.sender, w.messages, w.dmarc],
        f.ips.map((r) => [
          r.isNew ? `${r.ip} (${w.isNew})` : r.ip,
          r.reverse_dns ?? '',
          r.sender_service ?? '',
          num(r.messages),
          pct(r.dmarc),
        ]),
        3,
      );
    }
    if (f.senders) {
      section(w.bySender);
      both(
        [w.sender, w.messages, w.dmarc, w.ips],
        f.senders.map((r) => [r.sender_service, num(r.messages), pct(r.dmarc), num(r.ips)]),
      );
    }
  }
  if (f.checks) {
    section(w.systems);
    if (f.checks.length === 0) {
      html.push(`<p>${esc(w.noChecks)}</p>`);
      text.push(w.noChecks);
    } else
      both(
        [w.domain, w.system, w.status, w.score, w.warnings],
        f.checks.map((c) => [
          c.domain,
          c.system,
          c.status,
          c.score === null ? '' : String(c.score),
          topWarnings(c.warnings),
        ]),
        99,
      );
  }
  html.push(`<p style="margin-top:16px;"><a href="${esc(input.consoleLink)}">${esc(w.open)}</a></p>`);
  text.push('', `${w.open}: ${input.consoleLink}`);
  html.push(`<p style="font-size:12px;color:#777;">${esc(w.footer(input.name))}`);
  text.push('', w.footer(input.name));
  if (input.unsubscribeLink) {
    html.push(` <a href="${esc(input.unsubscribeLink)}">${esc(w.unsubscribe)}</a>`);
    text.push(`${w.unsubscribe}: ${input.unsubscribeLink}`);
  }
  html.push('</p>');
  return {
    subject,
    html: `<!doctype html><html lang="${input.language === 'pt' ? 'pt-BR' : 'en'}"><head><meta charset="utf-8"><title>${esc(subject)}</title></head><body style="font-family:Arial,sans-serif;color:#222;">${html.join('')}</body></html>`,
    text: `${text.join('\n')}\n`,
    images,
  };
}

// The first three warnings, as text: stored warnings are strings or objects with a message.
function topWarnings(warnings: unknown[]): string {
  return warnings
    .slice(0, 3)
    .map((x) =>
      typeof x === 'string'
        ? x
        : typeof x === 'object' && x && 'message' in x
          ? String((x as { message: unknown }).message)
          : JSON.stringify(x),
    )
    .join('; ');
}
