import type { TFunction } from 'i18next';
import en from '../../../locales/en/auditOperations.json';
import pt from '../../../locales/pt/auditOperations.json';
import { addPageNamespace } from '../../i18n';

// The labels come with the audit page's chunk, not with the sign-in page (src/i18n/index.ts).
addPageNamespace('auditOperations', { en, pt });

/**
 * The label of an audit operation ('reports.upload' → "Reports uploaded"). The names hold dots, so they are
 * flat keys of their own namespace; a name the console has no label for (an older server) shows as it is.
 */
export function auditOperationLabel(t: TFunction, name: string): string {
  return t(name, { ns: 'auditOperations', keySeparator: false, defaultValue: name });
}
