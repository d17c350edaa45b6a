import { api, apiBase } from '../../../api/client';
import type { SingleDocument } from '../../../../contract/jsonapi';
import { systemPaths, type SystemName } from './flags';
import type { SystemResult } from './types';

/** GET /checks/<system>/<domain> (public, no token): the result document's attributes (contract/checks.ts). */
export async function fetchDomainCheck<S extends SystemName>(
  system: S,
  domain: string,
  signal?: AbortSignal,
): Promise<SystemResult<S>> {
  const url = `${apiBase.checks}/${systemPaths[system]}/${encodeURIComponent(domain)}`;
  const { data } = await api.get<SingleDocument<SystemResult<S>>>(url, { public: true, signal });
  return data.data.attributes;
}
