import { createResource, type Resource } from '../../../app/resource/createResource';
import { registerResource } from '../../../app/resource/registry';
import { fetchCurrentDomain, fetchDomainOptions, fetchHistory } from './domainInfoApi';
import {
  historyTypes,
  type CurrentDomain,
  type DomainOption,
  type HistoryPage,
  type HistoryQuery,
  type HistoryType,
} from './types';

// Reads only: each part shows its own loading and error in place, with a retry.

export const domainOptionsResource = registerResource(
  createResource<number | undefined, DomainOption[]>({
    name: 'domainInfoOptions',
    kind: 'read',
    request: (organization, { signal }) => fetchDomainOptions(organization, signal),
  }),
);

export const currentDomainResource = registerResource(
  createResource<{ name: string; organization?: number }, CurrentDomain>({
    name: 'domainInfoCurrent',
    kind: 'read',
    request: (q, { signal }) => fetchCurrentDomain(q, signal),
  }),
);

export const historyResources = Object.fromEntries(
  historyTypes.map((type) => [
    type,
    registerResource(
      createResource<HistoryQuery, HistoryPage>({
        name: `domainInfoHistory_${type}`,
        kind: 'read',
        request: (q, { signal }) => fetchHistory(q, signal),
      }),
    ),
  ]),
) as Record<HistoryType, Resource<HistoryQuery, HistoryPage>>;
