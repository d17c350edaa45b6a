import escapeHtml from 'escape-html';
import type { OutgoingMail } from '../../mail/send';
import { conditionById } from './catalogue';
import type { Observed } from './evaluators';
import type { AlertRuleRow } from './repo';
import enTexts from '../../../locales/en/alerts.json';
import ptTexts from '../../../locales/pt/alerts.json';

// The alert e-mail: one per rule and recipient, listing every subject that fired or recovered since the
// last one, in the recipient's language, as plain text with an HTML alternative. Each line names the day
// the data covers and links to the analytics view filtered to that subject and day.

export type MailItem = { subject: string; kind: 'firing' | 'recovery'; day: string; observed: Observed };
type Lang = 'en' | 'pt';

const words = {
  en: {
    subject: (name: string, fired: number, recovered: number) =>
      `[msas] ${name}: ${[fired ? `${fired} firing` : '', recovered ? `${recovered} recovered` : ''].filter(Boolean).join(', ')}`,
    intro: (name: string) => `The alert rule "${name}" has news.`,
    firing: 'Firing',
    recovery: 'Recovered',
    forDay: 'data of',
    view: 'See the data',
    unsubscribe: 'Stop these e-mails for this rule',
    why: 'You receive this because your address is a destination of this alert rule.',
  },
  pt: {
    subject: (name: string, fired: number, recovered: number) =>
      `[msas] ${name}: ${[fired ? `${fired} a disparar` : '', recovered ? `${recovered} normalizado(s)` : ''].filter(Boolean).join(', ')}`,
    intro: (name: string) => `A regra de alerta "${name}" tem novidades.`,
    firing: 'Disparou',
    recovery: 'Normalizou',
    forDay: 'dados de',
    view: 'Ver os dados',
    unsubscribe: 'Deixar de receber estes e-mails desta regra',
    why: 'Recebe esta mensagem porque o seu endereço é um destino desta regra de alerta.',
  },
} as const;

// The condition names the console shows (locales/<lang>/alerts.json, bundled with the server): one text per
// language for the page and the mail.
const conditionNames: Record<Lang, Record<string, string>> = {
  en: { ...Object.fromEntries([...conditionById].map(([id, c]) => [id, c.label])), ...enTexts.conditions },
  pt: ptTexts.conditions,
};

// The values that tripped the rule, named as the console names them ("rate (%) 36.36 · failed 4").
const observedNames: Record<Lang, Record<string, string>> = { en: enTexts.observed, pt: ptTexts.observed };
const valuesText = (o: Observed, lang: Lang) =>
  Object.entries(o)
    .map(([k, v]) => `${observedNames[lang][k] ?? k} ${v}`)
    .join(' · ');

/**
 * The analytics page under the SPA's global filter (src/features/filter/filterQuery.ts): the day, and the
 * domain when the subject is one; IP subjects open the by-IP page of that day.
 */
export function dataLink(publicUrl: string, rule: AlertRuleRow, item: MailItem): string {
  const base = publicUrl.replace(/\/$/, '');
  const q = new URLSearchParams({ begin_date: item.day, end_date: item.day });
  const ip =
    rule.scope_type === 'ip' ||
    rule.condition === 'ip_blocklisted' ||
    (rule.condition === 'new_source' && rule.params.source !== 'sender');
  if (rule.scope_type === 'domain') q.set('domain', rule.target_selection);
  else if (!ip && rule.condition !== 'new_source') q.set('domain', item.subject.split(' · ')[0]!);
  return `${base}/msas/analytics/${ip ? 'by_ip' : 'by_domain'}?${q.toString()}`;
}

export function ruleTitle(rule: AlertRuleRow, lang: Lang): string {
  const condition = conditionNames[lang][rule.condition] ?? rule.condition;
  const target = rule.scope_type === 'organization' ? '' : ` (${rule.target_selection})`;
  return rule.name || `${condition}${target}`;
}

export function alertMail(
  rule: AlertRuleRow,
  items: MailItem[],
  to: string,
  language: string,
  links: { publicUrl: string; unsubscribe: string },
): OutgoingMail {
  const lang: Lang = language === 'pt' ? 'pt' : 'en';
  const w = words[lang];
  const title = ruleTitle(rule, lang);
  const fired = items.filter((i) => i.kind === 'firing').length;
  const lines = items.map((i) => ({
    label: `${i.kind === 'firing' ? w.firing : w.recovery}: ${i.subject} (${w.forDay} ${i.day})`,
    values: valuesText(i.observed, lang),
    link: dataLink(links.publicUrl, rule, i),
  }));
  const text = [
    w.intro(title),
    '',
    ...lines.flatMap((l) => [`- ${l.label}${l.values ? `: ${l.values}` : ''}`, `  ${w.view}: ${l.link}`]),
    '',
    w.why,
    `${w.unsubscribe}: ${links.unsubscribe}`,
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${lang}"><body>`,
    `<p>${escapeHtml(w.intro(title))}</p><ul>`,
    ...lines.map(
      (l) =>
        `<li><strong>${escapeHtml(l.label)}</strong>${l.values ? ` ${escapeHtml(l.values)}` : ''}` +
        ` <a href="${escapeHtml(l.link)}">${escapeHtml(w.view)}</a></li>`,
    ),
    `</ul><p style="color:#666">${escapeHtml(w.why)} `,
    `<a href="${escapeHtml(links.unsubscribe)}">${escapeHtml(w.unsubscribe)}</a></p></body></html>`,
  ].join('');
  return { to, subject: w.subject(title, fired, items.length - fired), text, html };
}
