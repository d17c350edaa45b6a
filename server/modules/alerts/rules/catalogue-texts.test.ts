import { readFileSync } from 'node:fs';
import path from 'node:path';
import { catalogue } from './catalogue';

// The form and the list show each condition, parameter, unit and choice from locales/<lang>/alerts.json,
// keyed by the catalogue's names: a condition added here without its texts would show raw keys in one language.

const texts = (lang: string) =>
  JSON.parse(
    readFileSync(path.resolve(__dirname, `../../../../locales/${lang}/alerts.json`), 'utf8'),
  ) as Record<string, Record<string, string>>;

describe.each(['en', 'pt'])('alert condition texts in %s', (lang) => {
  const t = texts(lang);
  it.each(catalogue.map((c) => [c.id, c] as const))('%s has its label, help and parameter texts', (id, c) => {
    expect(t.conditions[id], `conditions.${id}`).toBeTruthy();
    expect(t.conditionHelp[id], `conditionHelp.${id}`).toBeTruthy();
    for (const p of c.params) {
      expect(t.params[p.name], `params.${p.name}`).toBeTruthy();
      if (p.unit) expect(t.units[p.unit], `units.${p.unit}`).toBeTruthy();
      for (const choice of p.choices ?? []) expect(t.choices[choice], `choices.${choice}`).toBeTruthy();
    }
  });
});
