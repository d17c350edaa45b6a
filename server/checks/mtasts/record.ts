import { warn, type CheckWarning } from '../score/warning';

// The _mta-sts TXT record (RFC 8461 §3.1): "v=STSv1; id=<1-32 letters or digits>;" plus extension fields.
// Records not starting with v=STSv1 are discarded; anything but exactly one left means no policy.

export type StsRecord = { version: string; id: string | null; fields: Record<string, string> };

export const isStsRecord = (text: string) => /^v=STSv1\s*(;|$)/.test(text.trim());

export function parseStsRecord(text: string, out: CheckWarning[]): StsRecord | null {
  const fields: Record<string, string> = {};
  for (const part of text.split(';').map((p) => p.trim())) {
    if (!part) continue;
    const m = /^([A-Za-z0-9_.-]{1,32})=([\x21-\x3a\x3c\x3e-\x7e]{1,})$/.exec(part);
    if (!m) {
      out.push(
        warn(
          'record_syntax',
          'error',
          `"${part}" is not a valid field of the _mta-sts record (RFC 8461 §3.1).`,
          undefined,
          { context: 'mtasts_field', field: part },
        ),
      );
      return null;
    }
    if (fields[m[1]] !== undefined) {
      out.push(
        warn('record_syntax', 'error', `Field "${m[1]}" appears twice in the _mta-sts record.`, undefined, {
          context: 'mtasts_twice',
          field: m[1],
        }),
      );
      return null;
    }
    fields[m[1]] = m[2];
  }
  const id = fields.id ?? null;
  if (id === null) {
    out.push(warn('record_no_id', 'error', 'The _mta-sts record has no id field; senders ignore it.'));
    return null;
  }
  if (!/^[A-Za-z0-9]{1,32}$/.test(id)) {
    out.push(
      warn(
        'record_bad_id',
        'error',
        `id "${id}" must be 1 to 32 letters or digits (RFC 8461 §3.1).`,
        undefined,
        {
          id,
        },
      ),
    );
    return null;
  }
  return { version: 'STSv1', id, fields };
}
