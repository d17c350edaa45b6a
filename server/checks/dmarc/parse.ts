import { warn, type CheckWarning } from '../score/warning';
import { TAGS, TAG_ORDER, isTagName, type TagName } from './tags';

// A DMARC record's tag-list (RFC 7489 §6.4, RFC 9989 §4.8): "tag=value" pairs separated by ";", white
// space around both allowed, tag names case-insensitive, "v=DMARC1" first.

export type DmarcTag = {
  value: string | null;
  explicit: boolean;
  name: string;
  default: string | null;
  description: string;
};

export type ParsedDmarc = {
  explicit: Partial<Record<TagName, string>>;
  tags: Record<TagName, DmarcTag>;
  warnings: CheckWarning[];
};

/** Is this TXT string a DMARC record? v=DMARC1 first, then ";" or the end (RFC 9989 §4.8). */
export const isDmarcRecord = (text: string) => /^[vV]\s*=\s*DMARC1\s*(;|$)/.test(text.trim());

const KEYWORD_TAGS = new Set<TagName>(['p', 'sp', 'np', 'adkim', 'aspf', 't', 'psd']);

export function parseDmarcRecord(text: string): ParsedDmarc {
  const warnings: CheckWarning[] = [];
  const explicit: Partial<Record<TagName, string>> = {};
  const seen = new Set<TagName>();
  const parts = text.split(';').map((p) => p.trim());
  parts.forEach((part, index) => {
    if (part === '') return;
    const eq = part.indexOf('=');
    if (eq <= 0) {
      warnings.push(
        warn('syntax_error', 'warning', `"${part}" is not a tag=value pair and is ignored.`, undefined, {
          context: 'dmarc_pair',
          part,
        }),
      );
      return;
    }
    const name = part.slice(0, eq).trim().toLowerCase();
    const raw = part.slice(eq + 1).trim();
    if (!isTagName(name)) {
      warnings.push(
        warn(
          'unknown_tag',
          'warning',
          `Unknown tag "${name}" is ignored by receivers (RFC 9989 §4.7).`,
          undefined,
          {
            tag: name,
          },
        ),
      );
      return;
    }
    if (name === 'v' && index !== 0) {
      warnings.push(
        warn('syntax_error', 'error', 'v=DMARC1 must be the first tag.', undefined, {
          context: 'dmarc_v_first',
        }),
      );
      return;
    }
    if (seen.has(name)) {
      warnings.push(
        warn(
          'duplicate_tag',
          'warning',
          `Tag "${name}" appears more than once; only the first counts.`,
          undefined,
          {
            tag: name,
          },
        ),
      );
      return;
    }
    seen.add(name);
    const value = KEYWORD_TAGS.has(name) ? raw.toLowerCase() : raw;
    const problem = TAGS[name].check(value);
    if (problem) {
      const severity = name === 'p' ? 'error' : 'warning';
      warnings.push(
        warn('bad_value', severity, `${name}=${raw} is not valid (${problem}); receivers ignore it.`, name, {
          tag: name,
          value: raw,
          detail: problem,
        }),
      );
      if (name !== 'p') return;
    }
    explicit[name] = value;
    if (TAGS[name].removedBy9989) {
      warnings.push(
        warn(
          'removed_tag',
          'warning',
          `Tag "${name}" was removed by RFC 9989; receivers following it ignore the tag.`,
          name,
          { tag: name },
        ),
      );
    }
  });
  return { explicit, tags: tagTable(explicit), warnings };
}

const validPolicy = (v: string | undefined) => (v && TAGS.p.check(v) === null ? v : undefined);

/** The value every tag has in effect, with its name, default and description (product spec section 3). */
function tagTable(explicit: Partial<Record<TagName, string>>): Record<TagName, DmarcTag> {
  const p = validPolicy(explicit.p) ?? 'none';
  const sp = validPolicy(explicit.sp) ?? p;
  const defaults: Partial<Record<TagName, string>> = { sp: p, np: sp };
  const table = {} as Record<TagName, DmarcTag>;
  for (const tag of TAG_ORDER) {
    const def = TAGS[tag];
    const dflt = defaults[tag] ?? def.default;
    const given = explicit[tag];
    const value = given !== undefined && (tag !== 'p' || validPolicy(given)) ? given : dflt;
    const described = value !== null && def.values?.[value];
    table[tag] = {
      value,
      explicit: given !== undefined,
      name: def.name,
      default: dflt,
      description: described ? `${def.description} ${described}` : def.description,
    };
  }
  return table;
}
