import type { TFunction } from 'i18next';
import { defaultOrganizationName } from '../../contract/organizations';

/** An organization's name as shown: the one the first start creates reads in the interface language. */
export function organizationLabel(t: TFunction, name: string): string {
  return name === defaultOrganizationName ? t('organizations:defaultName') : name;
}
