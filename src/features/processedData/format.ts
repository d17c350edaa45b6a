import type { PolicyPublished } from './types';

/** p=, sp= and pct= as published (RFC 7489 section 6.3); absent tags are left out. */
export function policyTags(policy: PolicyPublished | null | undefined): string {
  if (!policy) return '';
  const tags: [string, unknown][] = [
    ['p', policy.p],
    ['sp', policy.sp],
    ['pct', policy.pct],
  ];
  return tags
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([name, value]) => `${name}=${String(value)}`)
    .join('; ');
}
