import { codesOf, detailText, fieldMessages, isCodeKey, type ReadParam } from '../../api/errors';

// A failed save's 400 body ({ field: [msg] }, DESIGN.md section 3) sorted by the form field that shows it,
// so each message sits under its field; what no shown field owns (non_field_errors, a 403's detail, a
// parameter the form does not offer) goes under the form.

export type FieldName =
  | 'name'
  | 'target'
  | 'condition'
  | 'timeFrame'
  | 'addresses'
  | 'cooldown'
  | 'webhookUrl'
  | 'webhookSecret'
  | 'webhookFormat'
  | 'webhookRoutingKey';

const fieldOfKey: Record<string, FieldName> = {
  name: 'name',
  target_selection: 'target',
  condition: 'condition',
  time_frame: 'timeFrame',
  destination_addresses: 'addresses',
  cooldown_minutes: 'cooldown',
  webhook_url: 'webhookUrl',
  webhook_secret: 'webhookSecret',
  webhook_format: 'webhookFormat',
  webhook_routing_key: 'webhookRoutingKey',
};

export type Problems = {
  fields: Partial<Record<FieldName, string[]>>;
  params: Record<string, string[]>;
  rest: string[];
};

export const noProblems: Problems = { fields: {}, params: {}, rest: [] };

const add = (list: string[] | undefined, message: string) =>
  list?.includes(message) ? list : [...(list ?? []), message];

/**
 * The body's messages in the reader's language (their codes, values read by `read`), under the field named
 * by its key ("destination_addresses.2" is the addresses' field) or, for `params`, under the parameter its
 * code names (its param value).
 */
export function problemsOf(
  body: Record<string, unknown> | null,
  read: ReadParam,
  shown: { fields: FieldName[]; params: string[] },
): Problems {
  const out: Problems = { fields: {}, params: {}, rest: [] };
  if (body && 'detail' in body) return { ...out, rest: detailText(body) };
  for (const key of Object.keys(body ?? {})) {
    if (isCodeKey(key, body?.[key])) continue;
    const field = fieldOfKey[key.split('.')[0]!];
    const codes = codesOf(body, key);
    fieldMessages(body, key, read).forEach((message, i) => {
      const named = key === 'params' ? codes[i]?.params?.param : undefined;
      const param = typeof named === 'string' ? named : undefined;
      if (param && shown.params.includes(param)) out.params[param] = add(out.params[param], message);
      else if (field && shown.fields.includes(field)) out.fields[field] = add(out.fields[field], message);
      else out.rest = add(out.rest, message);
    });
  }
  return out;
}
