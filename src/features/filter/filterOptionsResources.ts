import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import {
  fetchFilterOptions,
  fetchOrganizationOptions,
  type FilterOptions,
  type OrganizationOption,
} from './filterOptionsApi';

// Reads without a toast: a picker that cannot load keeps "all" and says so in place.

export const organizationOptionsResource = registerResource(
  createResource<void, OrganizationOption[]>({
    name: 'filterOrganizations',
    kind: 'read',
    request: (_p, { signal }) => fetchOrganizationOptions(signal),
  }),
);

export const filterOptionsResource = registerResource(
  createResource<number | null, FilterOptions>({
    name: 'filterOptions',
    kind: 'read',
    request: (organization, { signal }) => fetchFilterOptions(organization, signal),
  }),
);
