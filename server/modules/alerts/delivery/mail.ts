import escapeHtml from 'escape-html';
import { intlLocale, languageOf, serverT } from '../../../lib/i18n';
import type { OutgoingMail } from '../../../mail/send';
import type { ConditionId } from '../../../../contract/alerts';
import { conditionById } from '../rules/catalogue';
import type { Observed } from '../evaluation/evaluators';
import type { AlertRuleRow } from '../repo';
import type { Language } from '../../../db/schema';
import type { NamedList } from '../../reputation';
import type { MailAction } from './action-link';

// The alert e-mail: one per rule and recipient, listing every subject that fired or recovered since the
// last one, in the recipient's language, as plain text with an HTML alternative. Each line names the day
// the data covers and links to the analytics view filtered to that subject and day.

export type MailItem = {
  subject: string;
  kind: 'firing' | 'recovery';
  day: string;
  observed: Observed;
  /** The firing's acknowledge and snooze links (./action-link.ts), rendered under its line. */
  actions?: MailAction[];
  /** The block lists that list it, named, with their delisting pages (ip_blocklisted). */
  blocklists?: NamedList[];
};

// The mail's words are locales/<lang>/alertMail.json; the names of conditions and of the values that
// tripped a rule are the console's (locales/<lang>/alerts.json), so the page and the mail say the same.
const conditionName = (lang: Language, id: string) =>
  serverT(lang, 'alerts')(`conditions.${id}`, {
    defaultValue: conditionById.get(id as ConditionId)?.label ?? id,
  });

// The values that tripped the rule, named as the console names them ("rate (%) 36.36 · failed 4"); figures
// in the reader's format ("taxa (%) 36,36").
function valuesText(o: Observed, lang: Language): string {
  const t = serverT(lang, 'alerts');
  const figure = new Intl.NumberFormat(intlLocale(lang));
  return Object.entries(o)
    .map(
      ([k, v]) =>
        `${t(`observed.${k}`, { defaultValue: k })} ${typeof v === 'number' ? figure.format(v) : v}`,
    )
    .join(' · ');
}

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

export function ruleTitle(rule: AlertRuleRow, lang: Language): string {
  const condition = conditionName(lang, rule.condition);
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
  const lang = languageOf(language);
  const t = serverT(lang, 'alertMail');
  const title = ruleTitle(rule, lang);
  const fired = items.filter((i) => i.kind === 'firing').length;
  const recovered = items.length - fired;
  const news = [
    fired ? t('firingCount', { count: fired }) : '',
    recovered ? t('recoveredCount', { count: recovered }) : '',
  ].filter(Boolean);
  const intro = t('intro', { name: title });
  const lines = items.map((i) => ({
    label: t('line', { kind: t(i.kind), subject: i.subject, day: i.day }),
    values: valuesText(i.observed, lang),
    link: dataLink(links.publicUrl, rule, i),
    extra: extraLinks(i, lang),
  }));
  const [view, why, unsubscribe] = [t('view'), t('why'), t('unsubscribe')];
  const text = [
    intro,
    '',
    ...lines.flatMap((l) => [
      `- ${l.label}${l.values ? `: ${l.values}` : ''}`,
      `  ${view}: ${l.link}`,
      ...l.extra.map((x) => (x.url ? `  ${x.label}: ${x.url}` : `  ${x.label}`)),
    ]),
    '',
    why,
    `${unsubscribe}: ${links.unsubscribe}`,
  ].join('\n');
  const html = [
    `<!doctype html><html lang="${lang}"><body>`,
    `<p>${escapeHtml(intro)}</p><ul>`,
    ...lines.map(
      (l) =>
        `<li><strong>${escapeHtml(l.label)}</strong>${l.values ? ` ${escapeHtml(l.values)}` : ''}` +
        ` <a href="${escapeHtml(l.link)}">${escapeHtml(view)}</a>` +
        l.extra
          .map((x) =>
            x.url
              ? `<br><a href="${escapeHtml(x.url)}">${escapeHtml(x.label)}</a>`
              : `<br>${escapeHtml(x.label)}`,
          )
          .join('') +
        '</li>',
    ),
    `</ul><p style="color:#666">${escapeHtml(why)} `,
    `<a href="${escapeHtml(links.unsubscribe)}">${escapeHtml(unsubscribe)}</a></p></body></html>`,
  ].join('');
  return { to, subject: t('subject', { name: title, news: news.join(', ') }), text, html };
}

/**
 * The lines under an item besides its data link: each block list that lists it with its delisting page,
 * then its acknowledge and snooze links. Exported for the mail's template to render as it likes.
 */
export function extraLinks(item: MailItem, lang: Language): { label: string; url: string | null }[] {
  const t = serverT(lang, 'alertMail');
  return [
    ...(item.blocklists ?? []).map((b) => ({
      label: b.delist_url
        ? `${t('listedOn', { name: b.name })} (${t('delist')})`
        : t('listedOn', { name: b.name }),
      url: b.delist_url,
    })),
    ...(item.actions ?? []),
  ];
}
