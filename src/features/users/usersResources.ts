import { errorMessage } from '../../api/errors';
import { createResource } from '../../app/resource/createResource';
import { registerResource } from '../../app/resource/registry';
import i18n from '../../i18n';
import * as usersApi from './usersApi';

const t = (key: string) => i18n.t(key, { ns: 'users' });
const firstPage: usersApi.UserQuery = { search: '', group: '', page: 1 };

export const usersResource = registerResource(
  createResource<usersApi.UserQuery, usersApi.UserList>({
    name: 'usersList',
    kind: 'read',
    request: (query) => usersApi.fetchUsers(query),
    failureMessage: (error) => errorMessage(error, t('messages.loadFailed'), { from: 'detail' }),
  }),
);

export const groupsResource = registerResource(
  createResource<void, usersApi.Group[]>({
    name: 'authorizationGroups',
    kind: 'read',
    request: () => usersApi.fetchGroups(),
  }),
);

export const createUserResource = registerResource(
  createResource<usersApi.NewUser, unknown>({
    name: 'usersCreate',
    kind: 'write',
    method: 'post',
    request: (body) => usersApi.createUser(body),
    successMessage: () => t('messages.created'),
    // A refusal of the organization's part (its member limit, spec section 9) is 'Unable to add user to
    // organization' (section 8) with the server's reason; any other, the field messages or 'Unable to create user'.
    failureMessage: (error) => {
      const reason = errorMessage(error, '', { from: 'nonFieldErrors' });
      if (reason) return `${t('messages.addToOrganizationFailed')}: ${reason}`;
      return errorMessage(error, t('messages.createFailed'), { from: ['allFields', 'detail'] });
    },
    onSuccess: () => usersResource.actions.request(firstPage),
  }),
);

// 'Unable to delete user', or the organization error when the server gives one.
export const deleteUserResource = registerResource(
  createResource<number, unknown>({
    name: 'usersDelete',
    kind: 'write',
    method: 'delete',
    request: (id) => usersApi.deleteUser(id),
    successMessage: () => t('messages.deleted'),
    failureMessage: (error) =>
      errorMessage(error, t('messages.deleteFailed'), { from: [{ field: 'organization' }, 'detail'] }),
    onSuccess: () => usersResource.actions.request(firstPage),
  }),
);

// 'Unable to update user' (spec section 8), or the server's reason when it gives one.
export const userGroupsResource = registerResource(
  createResource<{ user: number; groups: number[] }, unknown>({
    name: 'usersGroups',
    kind: 'write',
    method: 'patch',
    request: ({ user, groups }) => usersApi.updateUserGroups(user, groups),
    successMessage: () => t('messages.updated'),
    failureMessage: (error) =>
      errorMessage(error, t('messages.updateFailed'), { from: [{ field: 'groups' }, 'detail'] }),
    onSuccess: () => usersResource.actions.request(firstPage),
  }),
);
