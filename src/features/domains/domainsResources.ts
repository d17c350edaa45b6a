import { errorBody, errorMessage, refusalMessage } from '../../api/errors';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import { renameOrganizationDomain } from '../organizations';
import * as domainsApi from './domainsApi';

const t = (key: string) => i18n.t(key, { ns: 'domains' });

export const domainsResource = registerResource(
  createResource<void, domainsApi.Domain[]>({
    name: 'domainsList',
    kind: 'read',
    request: () => domainsApi.fetchDomains(),
    failureMessage: (error) => errorMessage(error, t('messages.loadFailed'), { from: 'detail' }),
  }),
);

export const domainGroupsResource = registerResource(
  createResource<void, domainsApi.DomainGroup[]>({
    name: 'domainGroupsList',
    kind: 'read',
    request: () => domainsApi.fetchDomainGroups(),
    failureMessage: () => t('messages.groupFailed'),
  }),
);

export type DomainChange = { kind: 'create' | 'delete'; name: string; zones?: 'delete' };

/** The hosted zones a delete was refused for (409 domain_has_zone): the panel asks what to do with them. */
export function zonesInTheWay(body: Record<string, unknown> | null | undefined): string[] | null {
  if (body?.code !== 'domain_has_zone' || !Array.isArray(body.zones)) return null;
  return body.zones.filter((z): z is string => typeof z === 'string');
}

export const domainChangeResource = registerResource(
  createResource<DomainChange, unknown>({
    name: 'domainChange',
    kind: 'write',
    method: (p) => (p.kind === 'create' ? 'post' : 'delete'),
    request: (p) =>
      p.kind === 'create' ? domainsApi.createDomain(p.name) : domainsApi.deleteDomain(p.name, p.zones),
    successMessage: (_d, p) => t(p.kind === 'create' ? 'messages.created' : 'messages.deleted'),
    // Spec section 8: the two domain texts, word for word; a name error from the server is more useful.
    // A domain with hosted zones is not a failure to announce: the panel asks about its zones.
    failureMessage: (error, p) =>
      zonesInTheWay(errorBody(error))
        ? null
        : (refusalMessage(error) ??
          (p.kind === 'create'
            ? errorMessage(error, t('messages.createFailed'), { from: { field: 'name' } })
            : t('messages.deleteFailed'))),
    onSuccess: () => [domainsResource.actions.request(), domainGroupsResource.actions.request()],
  }),
);

export type DomainRename = { org: number; id: number; name: string };

// Rename through PATCH /organizations/{id}/domains/ (owner, admin): the same call and texts as support's
// organization editor; the server's message for the name sits under the field.
export const domainRenameResource = registerResource(
  createResource<DomainRename, unknown>({
    name: 'domainRename',
    kind: 'write',
    method: 'patch',
    request: (p) => renameOrganizationDomain(p.org, p.id, p.name),
    successMessage: () => i18n.t('messages.domain_rename', { ns: 'organizations' }),
    failureMessage: () => i18n.t('messages.domain_renameFailed', { ns: 'organizations' }),
    onSuccess: () => [domainsResource.actions.request(), domainGroupsResource.actions.request()],
  }),
);

// "Check now" on a domain's row: the answer says whether the domain is verified now.
export const domainVerifyResource = registerResource(
  createResource<number, domainsApi.Domain>({
    name: 'domainVerify',
    kind: 'write',
    method: 'post',
    request: (id) => domainsApi.verifyDomain(id),
    successMessage: (d) =>
      t(d.attributes.verification?.status === 'verified' ? 'verify.nowVerified' : 'verify.stillPending'),
    failureMessage: (error) => errorMessage(error, t('verify.failed'), { from: 'detail' }),
    onSuccess: () => domainsResource.actions.request(),
  }),
);

export type GroupChange =
  | { kind: 'create'; name: string }
  | { kind: 'delete'; id: number }
  | { kind: 'add' | 'remove'; id: number; domains: string[] };

function runGroupChange(p: GroupChange) {
  switch (p.kind) {
    case 'create':
      return domainsApi.createDomainGroup(p.name);
    case 'delete':
      return domainsApi.deleteDomainGroup(p.id);
    case 'add':
      return domainsApi.addGroupDomains(p.id, p.domains);
    case 'remove':
      return domainsApi.removeGroupDomains(p.id, p.domains);
  }
}

export const groupChangeResource = registerResource(
  createResource<GroupChange, unknown>({
    name: 'domainGroupChange',
    kind: 'write',
    method: (p) => (p.kind === 'create' || p.kind === 'add' ? 'post' : 'delete'),
    request: (p) => runGroupChange(p),
    successMessage: (_d, p) => t(`messages.group_${p.kind}`),
    failureMessage: (error, p) => {
      if (p.kind === 'add') return errorMessage(error, t('messages.addFailed'), { from: 'firstField' });
      if (p.kind === 'remove') return errorMessage(error, t('messages.groupFailed'), { from: 'all' });
      return errorMessage(error, t('messages.groupFailed'), {
        from: p.kind === 'create' ? 'firstField' : [],
      });
    },
    onSuccess: () => domainGroupsResource.actions.request(),
  }),
);
