import { api, apiBase } from '../../api/client';

const ph = apiBase.ph;

export type UserRow = {
  id: number;
  attributes: { username: string; email: string; name: string | null; role: string; isActive: boolean };
};
export type UserList = { data: UserRow[]; meta: { count: number; page: number; pageSize: number } };
export type UserQuery = { search: string; group: string; page: number };
export type Group = { id: number; attributes: { name: string } };
export type NewUser = {
  username: string;
  email: string;
  name: string;
  password: string;
  role: 'member' | 'admin';
};

/** Spec section 9: users reload with ?search=&group=&page=1. */
export const userQueryString = ({ search, group, page }: UserQuery) =>
  `?search=${encodeURIComponent(search)}&group=${encodeURIComponent(group)}&page=${page}`;

export async function fetchUsers(query: UserQuery): Promise<UserList> {
  return (await api.get<UserList>(`${ph}/users/${userQueryString(query)}`)).data;
}

export async function fetchGroups(): Promise<Group[]> {
  return (await api.get<{ data: Group[] }>(`${ph}/authorization-groups/`)).data.data;
}

export async function createUser(body: NewUser) {
  return (await api.post(`${ph}/users/`, body)).data;
}

export async function deleteUser(id: number) {
  return (await api.post(`${ph}/users/${id}/delete/`, {})).data;
}

export async function updateUserGroups(id: number, groups: number[]) {
  return (await api.patch(`${ph}/users/${id}/groups/`, { groups })).data;
}
