import { call } from '../../../api/call';
import { checkOps } from '../../../../contract/operations/checks';
import type { SystemName } from './flags';
import type { SystemResult } from './types';

/** One system's check of a domain (public, no token): the result document's attributes (contract/checks.ts). */
export async function fetchDomainCheck<S extends SystemName>(
  system: S,
  domain: string,
  signal?: AbortSignal,
): Promise<SystemResult<S>> {
  // Each system's descriptor takes the same path parameter; the answer is the one of that system.
  const op = checkOps[system] as (typeof checkOps)['dns'];
  const answer = await call(op, { params: { domain } }, { signal });
  return answer.data.attributes as SystemResult<S>;
}
