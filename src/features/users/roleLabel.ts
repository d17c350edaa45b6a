import type { TFunction } from 'i18next';

/** A role, or the authorization group named after it ("Admin"), in the interface language. */
export function roleLabel(t: TFunction, role: string): string {
  return t(`users:roles.${role.toLowerCase()}`, { defaultValue: role });
}
