import type { z } from 'zod';
import type { Wire } from '../../../contract/casing';
import type { userDomainListDocument, userDomainsBody } from '../../../contract/users';
import { call } from '../../api/call';
import { userOps as ops } from '../../../contract/operations/users';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';

// GET, PATCH /users/{id}/domains/ (spec section 7): the domains a member is limited to; empty means all.
const t = (key: string) => i18n.t(key, { ns: 'users' });

type UserDomainList = Wire<typeof userDomainListDocument>;
export type UserDomain = UserDomainList['data'][number];
export type UserDomainsChange = { user: number } & z.output<typeof userDomainsBody>;

export async function fetchUserDomains(user: number): Promise<UserDomain[]> {
  return (await call(ops.domains, { params: { id: user } })).data;
}

export async function updateUserDomains({ user, domains }: UserDomainsChange): Promise<UserDomain[]> {
  return (await call(ops.setDomains, { params: { id: user }, body: { domains } })).data;
}

export const userDomainsResource = registerResource(
  createResource<number, UserDomain[]>({
    name: 'userDomains',
    kind: 'read',
    request: (user) => fetchUserDomains(user),
    failureMessage: () => t('messages.domainsLoadFailed'),
  }),
);

export const userDomainsUpdateResource = registerResource(
  createResource<UserDomainsChange, UserDomain[]>({
    name: 'userDomainsUpdate',
    kind: 'write',
    method: 'patch',
    request: (change) => updateUserDomains(change),
    successMessage: () => t('messages.domainsUpdated'),
    failureMessage: () => t('messages.domainsUpdateFailed'),
    onSuccess: (_d, change) => userDomainsResource.actions.request(change.user),
  }),
);
