import { api, apiBase } from '../../../api/client';
import { systemPaths, type SystemName } from './flags';

/** GET /checks/<system>/<domain> (public, no token). Accepts a JSON:API document or a bare result. */
export async function fetchDomainCheck(
  system: SystemName,
  domain: string,
  signal?: AbortSignal,
): Promise<unknown> {
  const url = `${apiBase.checks}/${systemPaths[system]}/${encodeURIComponent(domain)}`;
  const { data } = await api.get<unknown>(url, { public: true, signal });
  const doc = data as { data?: { attributes?: unknown } } | null;
  return doc &&
    typeof doc === 'object' &&
    doc.data &&
    typeof doc.data === 'object' &&
    'attributes' in doc.data
    ? doc.data.attributes
    : data;
}
