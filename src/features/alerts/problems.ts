// A failed save's 400 body ({ field: [msg] }, DESIGN.md section 3) sorted by the form field that shows it,
// so each message sits under its field; what no shown field owns (non_field_errors, a 403's detail, a
// parameter the form does not offer) goes under the form.

export type FieldName =
  'name' | 'target' | 'condition' | 'timeFrame' | 'addresses' | 'cooldown' | 'webhookUrl' | 'webhookSecret';

const fieldOfKey: Record<string, FieldName> = {
  name: 'name',
  target_selection: 'target',
  condition: 'condition',
  time_frame: 'timeFrame',
  destination_addresses: 'addresses',
  cooldown_minutes: 'cooldown',
  webhook_url: 'webhookUrl',
  webhook_secret: 'webhookSecret',
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
 * The body's messages, each worded by `say`, under the field named by its key ("destination_addresses.2"
 * is the addresses' field) or, for `params`, under the parameter its message names ("min_messages: …").
 */
export function problemsOf(
  body: Record<string, unknown> | null,
  say: (message: string) => string,
  shown: { fields: FieldName[]; params: string[] },
): Problems {
  const out: Problems = { fields: {}, params: {}, rest: [] };
  for (const [key, value] of Object.entries(body ?? {})) {
    const field = fieldOfKey[key.split('.')[0]!];
    for (const message of [value].flat().filter((m): m is string => typeof m === 'string')) {
      const param = key === 'params' ? /^(\w+): /.exec(message)?.[1] : undefined;
      if (param && shown.params.includes(param)) out.params[param] = add(out.params[param], say(message));
      else if (field && shown.fields.includes(field))
        out.fields[field] = add(out.fields[field], say(message));
      else out.rest = add(out.rest, say(message));
    }
  }
  return out;
}
