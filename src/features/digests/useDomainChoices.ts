import { useEffect, useState } from 'react';
import { fetchDomainGroups, fetchDomains } from '../domains';

export type Choice = { id: number; name: string };
export type DomainChoices = { domains: Choice[]; groups: Choice[]; failed: boolean };

const byName = (a: Choice, b: Choice) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** The organization's domains and groups a scheduled report may cover, sorted (spec section 9). */
export function useDomainChoices(enabled: boolean): DomainChoices {
  const [choices, setChoices] = useState<DomainChoices>({ domains: [], groups: [], failed: false });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    Promise.all([fetchDomains(), fetchDomainGroups()]).then(
      ([domains, groups]) =>
        live &&
        setChoices({
          domains: domains.map((d) => ({ id: Number(d.id), name: d.attributes.name })).sort(byName),
          groups: groups.map((g) => ({ id: Number(g.id), name: g.attributes.name })).sort(byName),
          failed: false,
        }),
      () => live && setChoices({ domains: [], groups: [], failed: true }),
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return choices;
}
