// The warnings the SPF analysis reports, each with a stable code (for the console's translations), a
// severity and an English message. "error" means receivers will not evaluate the policy as written
// (permerror or none); "warning" is a risk or a practice the RFC discourages; "info" is for context.

import type { WarningParams } from '../score/warning';

export type SpfWarningCode =
  | 'no_record'
  | 'multiple_records'
  | 'syntax_error'
  | 'include_without_record'
  | 'redirect_without_record'
  | 'loop'
  | 'too_many_lookups'
  | 'near_lookup_limit'
  | 'void_lookup'
  | 'too_many_void_lookups'
  | 'mx_too_many_hosts'
  | 'ptr_used'
  | 'plus_all'
  | 'neutral_all'
  | 'no_all'
  | 'redirect_ignored'
  | 'string_too_long'
  | 'record_too_large'
  | 'spf_rr_type'
  | 'dns_error'
  | 'macro_not_analysed'
  | 'tree_truncated';

export type SpfWarningSeverity = 'error' | 'warning' | 'info';

export type SpfWarning = {
  code: SpfWarningCode;
  severity: SpfWarningSeverity;
  message: string;
  /** The domain whose record the warning is about (the checked domain or an included one). */
  domain: string;
  /** The values the message interpolates, for the console's translations (see score/warning.ts). */
  params?: WarningParams;
};

const SEVERITY: Record<SpfWarningCode, SpfWarningSeverity> = {
  no_record: 'error',
  multiple_records: 'error',
  syntax_error: 'error',
  include_without_record: 'error',
  redirect_without_record: 'error',
  loop: 'error',
  too_many_lookups: 'error',
  too_many_void_lookups: 'error',
  mx_too_many_hosts: 'error',
  plus_all: 'error',
  near_lookup_limit: 'warning',
  void_lookup: 'warning',
  ptr_used: 'warning',
  neutral_all: 'warning',
  no_all: 'warning',
  string_too_long: 'warning',
  record_too_large: 'warning',
  spf_rr_type: 'warning',
  dns_error: 'warning',
  redirect_ignored: 'info',
  macro_not_analysed: 'info',
  tree_truncated: 'info',
};

export const warning = (
  code: SpfWarningCode,
  domain: string,
  message: string,
  params?: WarningParams,
): SpfWarning => ({
  code,
  severity: SEVERITY[code],
  message,
  domain,
  params: params ?? {},
});

/** Codes whose presence means receivers return permerror/none: the record is not valid. */
export const INVALIDATING: ReadonlySet<SpfWarningCode> = new Set([
  'no_record',
  'multiple_records',
  'syntax_error',
  'include_without_record',
  'redirect_without_record',
  'loop',
  'too_many_lookups',
  'too_many_void_lookups',
  'mx_too_many_hosts',
]);
