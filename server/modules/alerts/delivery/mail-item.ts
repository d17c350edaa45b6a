import type { TFunction } from 'i18next';
import { intlLocale, serverT } from '../../../lib/i18n';
import type { Language } from '../../../db/schema';
import type { Observed } from '../evaluation/evaluators';
import { frameDays } from '../evaluation/judge';
import { resolveParams } from '../rules/catalogue';
import type { ConditionId } from '../../../../contract/alerts';
import type { AlertRuleRow } from '../repo';
import type { MailContext } from './context';
import type { MailAction, MailBlock } from './mail-blocks';
import type { NamedList } from '../../reputation';

// One firing or recovery of a rule, written for a person: what happened against which threshold and since
// when, the days before it, the sources behind it, and what to do first. Words from
// locales/<lang>/alertMail.json; figures and dates in the reader's format through i18next's Intl formats.

export type MailItem = {
  subject: string;
  kind: 'firing' | 'recovery';
  day: string;
  observed: Observed;
  context?: MailContext;
  /** The firing's acknowledge and snooze links (./action-link.ts), for its recipient. */
  actions?: MailAction[];
  /** The block lists that list it, named, with their delisting pages (ip_blocklisted). */
  blocklists?: NamedList[];
};

const date = (day: unknown) => new Date(`${String(day)}T00:00:00Z`);
const rateConditions = new Set(['dmarc_failure_rate', 'spf_failure_rate', 'dkim_failure_rate']);
const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

/** The values that tripped the rule as the console names them ("rate (%) 36.36 · failed 4"). */
export function valuesText(o: Observed, lang: Language): string {
  const t = serverT(lang, 'alerts');
  const figure = new Intl.NumberFormat(intlLocale(lang));
  return Object.entries(o)
    .map(
      ([k, v]) =>
        `${t(`observed.${k}`, { defaultValue: k })} ${typeof v === 'number' ? figure.format(v) : v}`,
    )
    .join(' · ');
}

/** The rule's threshold in words, for the conditions that have one. */
export function thresholdText(rule: AlertRuleRow, t: TFunction): string | null {
  const p = resolveParams(rule.condition as ConditionId, rule.params).params;
  const min = Number(p.min_messages ?? 0);
  if (rateConditions.has(rule.condition))
    return t('threshold.rate', {
      threshold: Number(p.threshold_percent),
      frame: frameDays(rule.time_frame),
      min,
    });
  if (rule.condition === 'volume_change')
    return t('threshold.volume_change', { factor: Number(p.factor), days: Number(p.baseline_days), min });
  if (rule.condition === 'no_reports') return t('threshold.no_reports', { days: Number(p.days) });
  if (rule.condition === 'new_source')
    return t('threshold.new_source', { days: Number(p.lookback_days), min });
  return null;
}

/** What happened, in a sentence; the console's list of values for conditions without one. */
function whatText(rule: AlertRuleRow, item: MailItem, t: TFunction, lang: Language): string {
  const o = item.observed;
  const n = (k: string) => Number(o[k] ?? 0);
  if (rateConditions.has(rule.condition)) {
    const [from, to] = [String(o.from ?? item.day), String(o.to ?? item.day)];
    const period =
      from === to ? t('periodDay', { on: date(from) }) : t('period', { from: date(from), to: date(to) });
    return t(`what.${rule.condition}`, {
      rate: n('rate'),
      failed: n('failed'),
      messages: n('messages'),
      period,
    });
  }
  if (rule.condition === 'volume_change')
    return t(`what.volume_change_${o.direction === 'drop' ? 'drop' : 'spike'}`, {
      messages: n('messages'),
      baseline: n('baseline_median'),
      on: date(item.day),
    });
  if (rule.condition === 'no_reports' && o.last_report_day)
    return t('what.no_reports', { last: date(o.last_report_day) });
  if (rule.condition === 'new_source')
    return t('what.new_source', { messages: n('messages'), on: date(item.day) });
  return valuesText(o, lang);
}

function trendBlocks(rule: AlertRuleRow, ctx: MailContext, t: TFunction): MailBlock[] {
  if (!ctx.trend || ctx.trend.length === 0) return [];
  const num = (value: number) => t('number', { value });
  const volume = rule.condition === 'volume_change';
  const heads = [t('trendDay'), t('trendMessages'), ...(volume ? [] : [t('trendFailed'), t('trendRate')])];
  const rows = ctx.trend.map((d) => [
    t('day', { on: date(d.day) }),
    num(d.messages),
    ...(volume ? [] : [num(d.failed), t('percent', { rate: pct(d.failed, d.messages) })]),
  ]);
  return [
    { kind: 'subheading', text: t('trend') },
    { kind: 'table', heads, rows, rightFrom: 1 },
  ];
}

const whoOf = (t: TFunction, s: { reverse_dns: string | null; sender: string | null }) => {
  const name = [s.sender, s.reverse_dns].filter(Boolean).join(', ');
  return name ? t('who', { name }) : '';
};

function sourceBlocks(ctx: MailContext, t: TFunction): MailBlock[] {
  const list = ctx.sources;
  if (!list || list.length === 0) return [];
  const num = (value: number) => t('number', { value });
  const total = list.reduce((s, x) => s + x.failed, 0);
  const top = list[0]!;
  const vars = { failed: top.failed, total, ip: top.ip, who: whoOf(t, top), count: list.length };
  const summary =
    list.length === 1
      ? t('sourcesOne', { ...vars, fresh: top.isNew ? t('newWord') : '' })
      : t('sourcesTop', vars);
  const rows = list.map((s) => [
    s.isNew ? `${s.ip} (${t('isNew')})` : s.ip,
    s.reverse_dns ?? '',
    s.sender ?? '',
    s.authorised ? t('yes') : t('no'),
    num(s.failed),
  ]);
  return [
    { kind: 'subheading', text: t('sources') },
    { kind: 'line', text: summary },
    {
      kind: 'table',
      heads: [t('ip'), t('reverseDns'), t('sender'), t('authorised'), t('failures')],
      rows,
      rightFrom: 4,
    },
  ];
}

function sentForBlocks(item: MailItem, ctx: MailContext, t: TFunction): MailBlock[] {
  if (!ctx.sentFor) return [];
  const num = (value: number) => t('number', { value });
  const out: MailBlock[] = [];
  if (ctx.source)
    out.push({ kind: 'line', text: t('newSourceIs', { source: item.subject, who: whoOf(t, ctx.source) }) });
  out.push(
    { kind: 'subheading', text: t('sentFor') },
    {
      kind: 'table',
      heads: [t('domain'), t('trendMessages'), t('passedDmarc')],
      rows: ctx.sentFor.map((d) => [d.domain, num(d.messages), num(d.passed)]),
      rightFrom: 1,
    },
  );
  return out;
}

/** The blocks of one item, and its link ("See the data") as a button. */
export function itemBlocks(rule: AlertRuleRow, item: MailItem, lang: Language, link: string): MailBlock[] {
  const t = serverT(lang, 'alertMail');
  const state =
    item.kind === 'firing'
      ? t('firingSince', { on: date(item.day), subject: item.subject })
      : t('recoveredOn', { on: date(item.day), subject: item.subject });
  const blocks: MailBlock[] = [{ kind: 'strong', text: state }];
  if (item.kind === 'firing') {
    blocks.push({ kind: 'line', text: whatText(rule, item, t, lang) });
    const ctx = item.context;
    if (ctx)
      blocks.push(...sourceBlocks(ctx, t), ...sentForBlocks(item, ctx, t), ...trendBlocks(rule, ctx, t));
    blocks.push({ kind: 'note', text: `${t('firstStep')}: ${t(`do.${rule.condition}`)}` });
  }
  blocks.push({ kind: 'buttons', actions: [{ label: t('view'), url: link }] });
  return blocks;
}
