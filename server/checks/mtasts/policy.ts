import { warn, type CheckWarning } from '../score/warning';
import { mxPatternProblem } from './mxPattern';

// The policy file of RFC 8461 §3.2: "key: value" lines ending in LF or CRLF; version STSv1, mode
// enforce|testing|none, max_age 0..31557600 seconds, one mx line per pattern (required unless mode none).
// Unknown fields are extensions and ignored.

export const MAX_AGE_LIMIT = 31_557_600;

export type PolicyInfo = { version: string | null; mode: string | null; maxAge: number | null; mx: string[] };

export type ParsedPolicy = { info: PolicyInfo; usable: boolean; warnings: CheckWarning[] };

export function parsePolicy(text: string): ParsedPolicy {
  const warnings: CheckWarning[] = [];
  const info: PolicyInfo = { version: null, mode: null, maxAge: null, mx: [] };
  if (/\r(?!\n)/.test(text)) {
    warnings.push(
      warn(
        'policy_line_endings',
        'error',
        'The policy uses bare CR line endings; only LF or CRLF are allowed (RFC 8461 §3.2).',
      ),
    );
  }
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  for (const line of lines) {
    if (line.trim() === '') continue;
    const m = /^([A-Za-z0-9_.-]+):[ \t]*(.*?)[ \t]*$/.exec(line);
    if (!m) {
      warnings.push(
        warn('policy_syntax', 'error', `Policy line "${line.slice(0, 80)}" is not "key: value".`, undefined, {
          line: line.slice(0, 80),
        }),
      );
      continue;
    }
    const key = m[1];
    const value = m[2];
    if (key !== 'mx' && seen.has(key)) {
      warnings.push(
        warn(
          'policy_duplicate_field',
          'warning',
          `Field "${key}" appears more than once; senders may reject the policy.`,
          undefined,
          { field: key },
        ),
      );
      continue;
    }
    seen.add(key);
    switch (key) {
      case 'version':
        info.version = value;
        break;
      case 'mode':
        info.mode = value;
        break;
      case 'max_age':
        info.maxAge = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
        break;
      case 'mx': {
        const problem = mxPatternProblem(value);
        if (problem)
          warnings.push(
            warn('mx_pattern_invalid', 'error', `mx "${value}": ${problem} (RFC 8461 §4.1).`, value, {
              pattern: value,
              detail: problem,
            }),
          );
        info.mx.push(value.toLowerCase());
        break;
      }
      default:
        warnings.push(
          warn('policy_unknown_field', 'info', `Unknown field "${key}" is ignored.`, undefined, {
            field: key,
          }),
        );
    }
  }
  let usable = true;
  if (info.version !== 'STSv1') {
    warnings.push(
      warn(
        'policy_version',
        'error',
        `version must be STSv1 (found ${info.version ?? 'none'}).`,
        undefined,
        info.version === null ? { context: 'none' } : { found: info.version },
      ),
    );
    usable = false;
  }
  if (info.mode === null || !['enforce', 'testing', 'none'].includes(info.mode)) {
    warnings.push(
      warn(
        'policy_mode',
        'error',
        `mode must be enforce, testing or none (found ${info.mode ?? 'none'}).`,
        undefined,
        info.mode === null ? { context: 'none' } : { found: info.mode },
      ),
    );
    usable = false;
  }
  if (info.maxAge === null || !Number.isInteger(info.maxAge) || info.maxAge > MAX_AGE_LIMIT) {
    const found =
      info.maxAge === null ? 'none' : Number.isNaN(info.maxAge) ? 'not a number' : String(info.maxAge);
    warnings.push(
      warn(
        'policy_max_age',
        'error',
        `max_age must be a whole number of seconds from 0 to ${MAX_AGE_LIMIT} (found ${found}).`,
        undefined,
        info.maxAge === null
          ? { context: 'none', limit: MAX_AGE_LIMIT }
          : Number.isNaN(info.maxAge)
            ? { context: 'nan', limit: MAX_AGE_LIMIT }
            : { limit: MAX_AGE_LIMIT, found },
      ),
    );
    usable = false;
    if (info.maxAge !== null && Number.isNaN(info.maxAge)) info.maxAge = null;
  } else if (info.maxAge < 86_400) {
    warnings.push(
      warn(
        'short_max_age',
        'warning',
        `max_age ${info.maxAge} is under a day; RFC 8461 §3.2 advises weeks or more.`,
        undefined,
        { maxAge: info.maxAge },
      ),
    );
  }
  if (info.mode !== 'none' && info.mx.length === 0) {
    warnings.push(warn('policy_no_mx', 'error', 'The policy lists no mx pattern: no MX host can be valid.'));
    usable = false;
  }
  if (info.mode === 'testing') {
    warnings.push(
      warn(
        'mode_testing',
        'warning',
        'mode testing: senders report failures but still deliver over unvalidated TLS.',
      ),
    );
  } else if (info.mode === 'none') {
    warnings.push(
      warn('mode_none', 'warning', 'mode none: the policy is withdrawn; senders do not require TLS.'),
    );
  }
  return { info, usable, warnings };
}
