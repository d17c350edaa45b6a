import { languageOf, serverT } from '../../../lib/i18n';
import type { OutgoingMail } from '../../../mail/send';
import type { ConditionId } from '../../../../contract/alerts';
import { conditionById } from '../rules/catalogue';
import type { AlertRuleRow } from '../repo';
import type { Language } from '../../../db/schema';
import { blocksHtml, blocksText, type MailAction, type MailBlock } from './mail-blocks';
import { itemBlocks, type MailItem, thresholdText } from './mail-item';

export type { MailItem } from './mail-item';
export type { MailAction } from './mail-blocks';

// The alert e-mail: one per recipient for the rules due together (one incident that trips several rules
// is one mail listing them), in the recipient's language, as plain text with an HTML alternative. Each
// item says what happened against which threshold and since when, the sources behind it and the days
// before, what to do first, and links to the analytics view filtered to it.

/** One rule's part of a mail: its items and the recipient's link to stop this rule's mail. */
export type RuleSection = { rule: AlertRuleRow; items: MailItem[]; unsubscribe: string };

// The names of conditions are the console's (locales/<lang>/alerts.json), so the page and the mail say
// the same.
const conditionName = (lang: Language, id: string) =>
  serverT(lang, 'alerts')(`conditions.${id}`, {
    defaultValue: conditionById.get(id as ConditionId)?.label ?? id,
  });

/**
 * The page of the conditions on a domain's DNS (src/app/router/routes.ts): its DNS history (Domain Info)
 * for a record change, the analysis of the system a re-check found wrong otherwise.
 */
const dnsPages: Record<string, string> = {
  dns_change: 'processed_data/domains',
  spf_lookups: 'analysis_by_system/spf',
  dnssec_bogus: 'analysis_by_system/dnssec',
  mta_sts_certificate: 'analysis_by_system/mta_sts',
};

/**
 * The analytics page under the SPA's global filter (src/features/filter/filterQuery.ts): the days the
 * item covers and the domain; with a source behind it, the by-IP page with that IP's drill-down open
 * (?row=, src/features/analytics/useDrillParam.ts). IP subjects open the by-IP page of that day; DNS
 * conditions open the domain's page of dnsPages.
 */
export function dataLink(publicUrl: string, rule: AlertRuleRow, item: MailItem): string {
  const base = publicUrl.replace(/\/$/, '');
  const dnsPage = dnsPages[rule.condition];
  if (dnsPage)
    return `${base}/msas/${dnsPage}?${new URLSearchParams({ domain: item.subject.split(' · ')[0]! }).toString()}`;
  const from = typeof item.observed.from === 'string' ? item.observed.from : item.day;
  const to = typeof item.observed.to === 'string' ? item.observed.to : item.day;
  const q = new URLSearchParams({ begin_date: from, end_date: to });
  const bySource = rule.condition === 'new_source' && rule.params.source !== 'sender';
  const ip = rule.scope_type === 'ip' || rule.condition === 'ip_blocklisted' || bySource;
  if (rule.scope_type === 'domain') q.set('domain', rule.target_selection);
  else if (!ip && rule.condition !== 'new_source') q.set('domain', item.subject.split(' · ')[0]!);
  const top = item.context?.sources?.[0]?.ip;
  if (bySource) q.set('row', item.subject);
  else if (top) q.set('row', top);
  return `${base}/msas/analytics/${ip || top ? 'by_ip' : 'by_domain'}?${q.toString()}`;
}

export function ruleTitle(rule: AlertRuleRow, lang: Language): string {
  const condition = conditionName(lang, rule.condition);
  const target = rule.scope_type === 'organization' ? '' : ` (${rule.target_selection})`;
  return rule.name || `${condition}${target}`;
}

function news(items: MailItem[], lang: Language): string {
  const t = serverT(lang, 'alertMail');
  const fired = items.filter((i) => i.kind === 'firing').length;
  const recovered = items.length - fired;
  return [
    fired ? t('firingCount', { count: fired }) : '',
    recovered ? t('recoveredCount', { count: recovered }) : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * The mail of one recipient. `actions` are links every item of the mail offers (acknowledge, snooze),
 * drawn as buttons after the items.
 */
export function alertMail(
  sections: RuleSection[],
  to: string,
  language: string,
  options: { publicUrl: string; actions?: MailAction[] },
): OutgoingMail {
  const lang = languageOf(language);
  const t = serverT(lang, 'alertMail');
  const titles = sections.map((s) => ruleTitle(s.rule, lang));
  const all = sections.flatMap((s) => s.items);
  const one = sections.length === 1;
  const title = one ? titles[0]! : t('titleMany', { count: sections.length });
  const blocks: MailBlock[] = [
    { kind: 'title', text: title },
    {
      kind: 'line',
      text: one ? t('intro', { name: titles[0] }) : t('introMany', { names: titles.join(', ') }),
    },
  ];
  sections.forEach((s, i) => {
    if (!one) blocks.push({ kind: 'heading', text: titles[i]! });
    const threshold = thresholdText(s.rule, t);
    if (threshold) blocks.push({ kind: 'line', text: threshold });
    for (const item of s.items) {
      blocks.push(...itemBlocks(s.rule, item, lang, dataLink(options.publicUrl, s.rule, item)));
      blocks.push(...extraBlocks(item, lang));
    }
  });
  if (options.actions?.length) blocks.push({ kind: 'buttons', actions: options.actions });
  blocks.push({ kind: 'small', text: t('why') });
  for (const [i, s] of sections.entries())
    blocks.push({
      kind: 'link',
      label: one ? t('unsubscribe') : `${t('unsubscribe')} (${titles[i]})`,
      href: s.unsubscribe,
    });
  const subjects = [...new Set(all.map((i) => i.subject))].join(', ');
  const subject = one
    ? t('subject', { name: title, news: news(all, lang) })
    : t('subjectMany', { subjects, count: sections.length, news: news(all, lang) });
  return { to, subject, text: blocksText(blocks), html: blocksHtml(lang, subject, blocks) };
}

/**
 * Under an item besides its data link: each block list that lists it, with its delisting page, then its
 * acknowledge and snooze links as buttons.
 */
function extraBlocks(item: MailItem, lang: Language): MailBlock[] {
  const t = serverT(lang, 'alertMail');
  const lists: MailBlock[] = (item.blocklists ?? []).map((b) =>
    b.delist_url
      ? { kind: 'link', label: `${t('listedOn', { name: b.name })} (${t('delist')})`, href: b.delist_url }
      : { kind: 'line', text: t('listedOn', { name: b.name }) },
  );
  return item.actions?.length ? [...lists, { kind: 'buttons', actions: item.actions }] : lists;
}
