import { describe, expect, it } from 'vitest';
import { catalogueT } from '../../../tests/support/catalogue-t';
import pt from '../../../locales/pt/alerts.json';
import { alertCreateBody } from '../../../contract/alerts';
import { planLimitMessages } from '../../../contract/plan-limits';
import { serverText } from '../../../src/features/alerts/serverText';
import { neverLookedUp } from '../reputation';
import { catalogue, paramMessages, resolveParams } from './catalogue';
import { invalidUrl, privateWebhook, scopeMismatch, targetMessages, unlistedIp } from './rules';

// The alert form shows the server's field errors in the reader's language by finding them in the en
// catalogue (src/features/alerts/serverText.ts): a message changed here without its entry there would reach
// a Portuguese reader in English.

const inPt = catalogueT(pt);
const say = (message: string) => serverText(inPt as never, message, 'pt');
const unknown = (messages: string[]) => messages.filter((m) => say(m) === m);

/** Every range the block lists are never asked about: one address of each (RFC 1918, 6598, 4193...). */
const unlisted = [
  '0.1.2.3',
  '10.0.0.1',
  '100.64.0.1',
  '127.0.0.1',
  '169.254.0.9',
  '::',
  '::1',
  'fc00::1',
  'fe80::1',
];

describe('server alert messages in the catalogue', () => {
  it('has the target, scope, webhook and plan messages', () => {
    const fixed = [...Object.values(targetMessages), scopeMismatch, privateWebhook, invalidUrl];
    expect(unknown([...fixed, planLimitMessages.alerts(10)])).toEqual([]);
    expect(say(planLimitMessages.alerts(1000))).toBe(
      'Seu plano permite no máximo 1.000 regras de alerta. Remova uma regra ou faça upgrade do plano.',
    );
  });

  it('has the refusal of each never-asked range, with the range word in the reader’s language', () => {
    const ranges = unlisted.map((ip) => neverLookedUp(ip)!);
    expect(ranges.every(Boolean)).toBe(true);
    for (const range of ranges) {
      const shown = say(unlistedIp(range));
      expect(shown, range).toMatch(/^As listas de bloqueio nunca são consultadas sobre um endereço /);
      // Every range word is one of the fixed set the catalogue translates.
      expect(Object.values(pt.ranges), range).toContain(
        shown.match(/um endereço (.+?)( \(RFC \d+\))?: /)![1],
      );
    }
    expect(say(unlistedIp(neverLookedUp('10.0.0.1')!))).toBe(
      'As listas de bloqueio nunca são consultadas sobre um endereço privado (RFC 1918): informe um endereço IP público.',
    );
  });

  it('has every params error of every condition, naming the parameter by its label', () => {
    const messages: string[] = [];
    for (const c of catalogue) {
      const bad = Object.fromEntries(c.params.map((p) => [p.name, 'x']));
      const low = Object.fromEntries(c.params.filter((p) => p.min !== null).map((p) => [p.name, p.min! - 1]));
      const high = Object.fromEntries(
        c.params.filter((p) => p.max !== null).map((p) => [p.name, p.max! + 1]),
      );
      for (const given of [bad, low, high, { nope: 1 }]) messages.push(...resolveParams(c.id, given).errors);
    }
    expect(messages.length).toBeGreaterThan(40);
    expect(unknown(messages)).toEqual([]);
    expect(say(paramMessages.max('threshold_percent', 100))).toBe(
      'Limite: informe um valor menor ou igual a 100.',
    );
    expect(say(paramMessages.min('factor', 1.1))).toBe(
      'Fator sobre a linha de base: informe um valor maior ou igual a 1,1.',
    );
  });

  it('has every message the body schema gives for what the form can send', () => {
    const long = (n: number) => 'a'.repeat(n);
    const bodies = [
      { name: long(121), target_selection: long(301), destination_addresses: ['x', `${long(250)}@x.io`] },
      { destination_addresses: Array.from({ length: 21 }, (_, i) => `a${i}@example.com`) },
      { cooldown_minutes: 'x', webhook_url: 'nope', webhook_secret: 'short' },
      { cooldown_minutes: 1.5, webhook_url: `https://example.com/${long(500)}`, webhook_secret: long(201) },
      { cooldown_minutes: 1 },
      { cooldown_minutes: 43_201 },
    ];
    const messages = bodies.flatMap((b) => {
      const parsed = alertCreateBody.safeParse({
        scope_type: 'domain',
        condition: 'dmarc_failure_rate',
        ...b,
      });
      expect(parsed.success).toBe(false);
      return parsed.error!.issues.map((i) => i.message);
    });
    expect(messages.length).toBeGreaterThanOrEqual(13);
    expect(unknown(messages)).toEqual([]);
    expect(say('Ensure this value is less than or equal to 43200.')).toBe(
      'Informe um valor menor ou igual a 43.200.',
    );
  });

  it('leaves a message it does not know as it came', () => {
    expect(say('Something else entirely.')).toBe('Something else entirely.');
  });
});
