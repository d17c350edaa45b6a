import type { z } from 'zod';
import type { Wire, WireQuery } from '../../../contract/casing';
import type {
  createUserBody,
  deleteUserBody,
  detailDocument,
  groupListDocument,
  groupsBody,
  userListDocument,
  userListQuery,
  userResourceDocument,
} from '../../../contract/users';
import { call } from '../../api/call';
import { userOps as ops } from '../../../contract/operations/users';

// User administration under /api/ph (spec section 9); the shapes are the contract's (contract/users.ts).

export type UserList = Wire<typeof userListDocument>;
export type UserRow = UserList['data'][number];
/** The list's filter as the panel holds it and sends it, every key (the group is '' for all). */
export type UserQuery = Required<Pick<WireQuery<typeof userListQuery>, 'search' | 'group' | 'page'>>;
export type Group = Wire<typeof groupListDocument>['data'][number];
/** The create form fills every field (empty strings for the optional ones). */
export type NewUser = Required<z.input<typeof createUserBody>>;
type UserAnswer = Wire<typeof userResourceDocument>;

/** Spec section 9: users reload with ?search=&group=&page=1, every key even when empty (urlOf drops those). */
export async function fetchUsers({ search, group, page }: UserQuery): Promise<UserList> {
  const params = new URLSearchParams({ search, group: String(group), page: String(page) });
  return call(ops.list, {}, { params });
}

export async function fetchGroups(): Promise<Group[]> {
  return (await call(ops.groups)).data;
}

export async function createUser(body: NewUser): Promise<UserAnswer> {
  return call(ops.create, { body });
}

export async function deleteUser(id: number): Promise<Wire<typeof detailDocument>> {
  const body: z.input<typeof deleteUserBody> = {};
  return call(ops.delete, { params: { id }, body });
}

export async function updateUserGroups(id: number, groups: number[]): Promise<UserAnswer> {
  const body: z.output<typeof groupsBody> = { groups };
  return call(ops.setGroups, { params: { id }, body });
}
