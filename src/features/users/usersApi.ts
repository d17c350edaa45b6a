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
import { api, apiBase } from '../../api/client';

// User administration under /api/ph (spec section 9); the shapes are the contract's (contract/users.ts).
const ph = apiBase.ph;

export type UserList = Wire<typeof userListDocument>;
export type UserRow = UserList['data'][number];
/** The list's filter as the panel holds it and sends it, every key (the group is '' for all). */
export type UserQuery = Required<Pick<WireQuery<typeof userListQuery>, 'search' | 'group' | 'page'>>;
export type Group = Wire<typeof groupListDocument>['data'][number];
/** The create form fills every field (empty strings for the optional ones). */
export type NewUser = Required<z.input<typeof createUserBody>>;
type UserAnswer = Wire<typeof userResourceDocument>;

/** Spec section 9: users reload with ?search=&group=&page=1. */
export const userQueryString = ({ search, group, page }: UserQuery) =>
  `?search=${encodeURIComponent(search)}&group=${encodeURIComponent(group)}&page=${page}`;

export async function fetchUsers(query: UserQuery): Promise<UserList> {
  return (await api.get<UserList>(`${ph}/users/${userQueryString(query)}`)).data;
}

export async function fetchGroups(): Promise<Group[]> {
  return (await api.get<Wire<typeof groupListDocument>>(`${ph}/authorization-groups/`)).data.data;
}

export async function createUser(body: NewUser): Promise<UserAnswer> {
  return (await api.post<UserAnswer>(`${ph}/users/`, body)).data;
}

export async function deleteUser(id: number): Promise<Wire<typeof detailDocument>> {
  const body: z.input<typeof deleteUserBody> = {};
  return (await api.post<Wire<typeof detailDocument>>(`${ph}/users/${id}/delete/`, body)).data;
}

export async function updateUserGroups(id: number, groups: number[]): Promise<UserAnswer> {
  const body: z.output<typeof groupsBody> = { groups };
  return (await api.patch<UserAnswer>(`${ph}/users/${id}/groups/`, body)).data;
}
