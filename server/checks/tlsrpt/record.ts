import { domainToASCII } from 'node:url';
import { warn, type CheckWarning } from '../score/warning';

// The TLS-RPT record (RFC 8460 §3): "v=TLSRPTv1" first, then fields separated by ";"; rua is required and
// lists one or more mailto: or https: URIs, comma-separated. Unknown fields are extensions.

export type RuaUri = { uri: string; scheme: 'mailto' | 'https'; domain: string | null };

export type TlsRptPolicy = { v: string; rua: RuaUri[]; extensions: Record<string, string> };

export const isTlsRptRecord = (text: string) => /^v=TLSRPTv1[ \t]*(;|$)/.test(text);

export function parseTlsRptRecord(text: string, out: CheckWarning[]): TlsRptPolicy | null {
  const fields = text.split(';').map((p) => p.trim());
  if (fields.at(-1) === '') fields.pop();
  const extensions: Record<string, string> = {};
  let ruaValue: string | null = null;
  for (const [i, field] of fields.entries()) {
    const m = /^([A-Za-z0-9][A-Za-z0-9_.-]{0,31})=(.*)$/.exec(field);
    if (!m) {
      out.push(
        warn('record_syntax', 'error', `"${field}" is not a valid field (RFC 8460 §3).`, undefined, {
          context: 'tlsrpt_field',
          field,
        }),
      );
      return null;
    }
    const [, key, value] = m;
    if (i === 0) continue; // v=TLSRPTv1, checked by isTlsRptRecord
    if (key === 'v') {
      out.push(
        warn('record_syntax', 'error', 'v may appear only once, first.', undefined, { context: 'tlsrpt_v' }),
      );
      return null;
    }
    if (key === 'rua') {
      if (ruaValue !== null) {
        out.push(
          warn('record_syntax', 'error', 'rua appears more than once.', undefined, { context: 'tlsrpt_rua' }),
        );
        return null;
      }
      ruaValue = value;
    } else {
      extensions[key] = value;
      out.push(
        warn(
          'unknown_field',
          'info',
          `Field "${key}" is not defined by RFC 8460 and is ignored.`,
          undefined,
          {
            field: key,
          },
        ),
      );
    }
  }
  if (ruaValue === null) {
    out.push(
      warn(
        'no_rua',
        'error',
        'The record has no rua field: there is nowhere to send reports (RFC 8460 §3).',
        undefined,
        { context: 'tlsrpt' },
      ),
    );
    return null;
  }
  const rua: RuaUri[] = [];
  for (const uri of ruaValue
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean)) {
    const parsed = parseUri(uri);
    if (parsed) rua.push(parsed);
    else
      out.push(
        warn(
          'invalid_uri',
          'warning',
          `rua "${uri}" is not a mailto: or https: URI; senders ignore it.`,
          uri,
          { context: 'tlsrpt', uri },
        ),
      );
  }
  if (rua.length === 0) {
    out.push(warn('no_valid_rua', 'error', 'No usable rua URI: reports cannot be sent.'));
    return null;
  }
  return { v: 'TLSRPTv1', rua, extensions };
}

function parseUri(uri: string): RuaUri | null {
  const mailto = /^mailto:([^@\s]+)@([^@\s?]+)$/i.exec(uri);
  if (mailto) {
    const domain = domainToASCII(mailto[2]).toLowerCase();
    return domain.includes('.') ? { uri, scheme: 'mailto', domain } : null;
  }
  if (/^https:\/\//i.test(uri)) {
    try {
      const u = new URL(uri);
      return u.hostname ? { uri, scheme: 'https', domain: null } : null;
    } catch {
      return null;
    }
  }
  return null;
}
