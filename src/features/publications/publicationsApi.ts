import { api, apiBase } from '../../api/client';

export type Publication = {
  id: number;
  attributes: { title: string; body: string; createdAt: string; seen: boolean };
};

export async function fetchPublications(): Promise<Publication[]> {
  return (await api.get<{ data: Publication[] }>(`${apiBase.ph}/publications/`)).data.data;
}

export async function markSeen(id: number) {
  return (await api.post(`${apiBase.ph}/publications/${id}/seen/`)).data;
}
