import { errorMessage } from '../../api/errors';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import * as adminApi from './adminApi';
import { organizationDetailResource } from './organizationResources';

const t = (key: string) => i18n.t(key, { ns: 'organizations' });
const firstPage: adminApi.OrganizationQuery = { search: '', page: 1 };

export const organizationsListResource = registerResource(
  createResource<adminApi.OrganizationQuery, adminApi.OrganizationPage>({
    name: 'organizationsList',
    kind: 'read',
    request: (query) => adminApi.fetchOrganizationPage(query),
    failureMessage: (error) => errorMessage(error, t('messages.loadFailed'), { from: 'detail' }),
  }),
);

// Spec section 8: the two-step texts, word for word; field errors show beside the form's fields.
export const createOrganizationResource = registerResource(
  createResource<adminApi.NewOrganization, unknown>({
    name: 'organizationCreate',
    kind: 'write',
    method: 'post',
    request: (body) => adminApi.createOrganizationWithOwner(body),
    successMessage: () => t('messages.created'),
    failureMessage: (error) =>
      t(
        adminApi.failedStep(error) === 'organization'
          ? 'messages.createFailed'
          : 'messages.ownerCreateFailed',
      ),
    onSuccess: () => organizationsListResource.actions.request(firstPage),
  }),
);

export type OrganizationChange =
  { kind: 'rename'; id: number; name: string } | { kind: 'delete'; id: number };

export const organizationChangeResource = registerResource(
  createResource<OrganizationChange, unknown>({
    name: 'organizationChange',
    kind: 'write',
    method: (p) => (p.kind === 'delete' ? 'delete' : 'patch'),
    request: (p) =>
      p.kind === 'delete' ? adminApi.deleteOrganization(p.id) : adminApi.renameOrganization(p.id, p.name),
    successMessage: (_d, p) => t(p.kind === 'delete' ? 'messages.deleted' : 'messages.renameDone'),
    failureMessage: (_e, p) => t(p.kind === 'delete' ? 'messages.deleteFailed' : 'messages.updateFailed'),
    onSuccess: (_d, p) => [
      organizationsListResource.actions.request(firstPage),
      ...(p.kind === 'rename' ? [organizationDetailResource.actions.request(p.id)] : []),
    ],
  }),
);

export const organizationDomainsResource = registerResource(
  createResource<number, adminApi.OrganizationDomain[]>({
    name: 'organizationDomains',
    kind: 'read',
    request: (org) => adminApi.fetchOrganizationDomains(org),
    failureMessage: () => t('messages.domainsLoadFailed'),
  }),
);

export type OrganizationDomainChange =
  | { kind: 'add'; org: number; name: string }
  | { kind: 'rename'; org: number; id: number; name: string }
  | { kind: 'remove'; org: number; id: number };

function runDomainChange(p: OrganizationDomainChange) {
  switch (p.kind) {
    case 'add':
      return adminApi.addOrganizationDomain(p.org, p.name);
    case 'rename':
      return adminApi.renameOrganizationDomain(p.org, p.id, p.name);
    case 'remove':
      return adminApi.removeOrganizationDomain(p.org, p.id);
  }
}

const domainMethod = { add: 'post', rename: 'patch', remove: 'delete' } as const;

export const organizationDomainChangeResource = registerResource(
  createResource<OrganizationDomainChange, unknown>({
    name: 'organizationDomainChange',
    kind: 'write',
    method: (p) => domainMethod[p.kind],
    request: (p) => runDomainChange(p),
    successMessage: (_d, p) => t(`messages.domain_${p.kind}`),
    // The catalogue text in the toast; the server's validation message sits under the name field.
    failureMessage: (_e, p) => t(`messages.domain_${p.kind}Failed`),
    onSuccess: (_d, p) => organizationDomainsResource.actions.request(p.org),
  }),
);
