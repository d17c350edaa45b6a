import { useEffect, useState } from 'react';
import { fetchDomainGroups, fetchDomains } from '../domains';
import type { ScopeType } from './formState';

export type TargetOption = { value: string; label: string };

/** The organization's domains (suggestions) or groups (the choice) for the form's scope; none for the rest. */
export function useScopeTargets(scope: ScopeType): TargetOption[] {
  const [options, setOptions] = useState<TargetOption[]>([]);
  useEffect(() => {
    let live = true;
    const load =
      scope === 'domain'
        ? fetchDomains().then((list) =>
            list.map((d) => ({ value: d.attributes.name, label: d.attributes.name })),
          )
        : scope === 'domain_group'
          ? fetchDomainGroups().then((list) =>
              list.map((g) => ({ value: String(g.id), label: g.attributes.name })),
            )
          : Promise.resolve([]);
    // Suggestions only: without them the field still takes what is typed.
    load.then(
      (found) => live && setOptions(found),
      () => live && setOptions([]),
    );
    return () => {
      live = false;
    };
  }, [scope]);
  return options;
}
