import { sortWarnings } from '../score/warning';
import type { DkimWarning } from './types';

// Warnings of the DKIM check; every one carries the values its message interpolates (params).

export const dkimWarn = (
  code: string,
  severity: DkimWarning['severity'],
  message: string,
  params: Record<string, string | number>,
  subject?: string,
): DkimWarning =>
  subject === undefined ? { code, severity, message, params } : { code, severity, message, subject, params };

export const sortDkimWarnings = (list: DkimWarning[]) => sortWarnings(list) as DkimWarning[];
