import { createResource, type Resource } from '../../../app/resource/createResource';
import { registerResource } from '../../../app/resource/registry';
import i18n from '../../../i18n';
import { fetchDomainCheck } from './domainCheckApi';
import { systemNames, type SystemName } from './flags';
import type { AnySystemResult } from './types';

// One read resource per system, so each result loads, fails and shows on its own. The failure toast is the
// catalogue text of spec section 8 ('Something went wrong to get the DNS data.' and likewise).

export type DomainCheckResource = Resource<string, AnySystemResult>;

export const domainCheckResources = Object.fromEntries(
  systemNames.map((system) => [
    system,
    registerResource(
      createResource<string, AnySystemResult>({
        name: `domainCheck_${system}`,
        kind: 'read',
        request: (domain, { signal }) => fetchDomainCheck(system, domain, signal),
        failureMessage: () => i18n.t(`domainVerify:errors.${system}`),
      }),
    ),
  ]),
) as Record<SystemName, DomainCheckResource>;
