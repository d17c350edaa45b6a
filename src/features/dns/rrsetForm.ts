import type { Rrset } from './dnsApi';
import { keyOf } from './changeSet';
import {
  cnameProblem,
  contentProblem,
  editableTypes,
  nameInZone,
  relativeName,
  ttlProblem,
  type Problem,
} from './validate';

// The rrset form's state and its check: what the user typed, turned into the rrset it means, or the
// problems by field (name, type, ttl, records, records.<j>).

export const defaultTtl = 3600; // spec section 3
export type RecordDraft = { content: string; disabled: boolean };
export type RrsetForm = { name: string; type: string; ttl: string; records: RecordDraft[]; comment: string };
export type FormProblems = Record<string, Problem>;

export function formOf(rrset: Rrset | null, zone: string): RrsetForm {
  if (!rrset)
    return {
      name: '',
      type: 'A',
      ttl: String(defaultTtl),
      records: [{ content: '', disabled: false }],
      comment: '',
    };
  return {
    name: relativeName(rrset.name, zone),
    type: rrset.type,
    ttl: String(rrset.ttl),
    records: rrset.records.map((r) => ({ ...r })),
    comment: rrset.comments.map((c) => c.content).join(' '),
  };
}

type Context = {
  zone: string;
  /** The rrset being edited, or null for a new one. */
  original: Rrset | null;
  /** Whether an rrset with this key is in the zone (with the edits laid over). */
  exists: (key: string) => boolean;
  /** The types at a name once the edits are applied, this rrset left out. */
  typesAt: (name: string) => string[];
};

export function checkForm(form: RrsetForm, ctx: Context): { rrset: Rrset } | { problems: FormProblems } {
  const problems: FormProblems = {};
  const placed = ctx.original ? { name: ctx.original.name } : nameInZone(form.name, ctx.zone);
  const type = ctx.original ? ctx.original.type : form.type.trim().toUpperCase();
  if ('problem' in placed) problems.name = placed.problem;
  if (!(editableTypes as readonly string[]).includes(type)) problems.type = { key: 'validation.type' };
  const ttl = ttlProblem(form.ttl);
  if (ttl) problems.ttl = ttl;
  const records = form.records.map((r) => ({ content: r.content.trim(), disabled: r.disabled }));
  if (records.length === 0) problems.records = { key: 'validation.empty' };
  const seen = new Set<string>();
  records.forEach((r, j) => {
    const p = contentProblem(type, r.content);
    if (p) problems[`records.${j}`] = p;
    else if (seen.has(r.content)) problems[`records.${j}`] = { key: 'validation.sameContent' };
    seen.add(r.content);
  });
  if ('name' in placed && !problems.type) {
    if (!ctx.original && ctx.exists(keyOf({ name: placed.name, type })))
      problems.name = { key: 'validation.exists' };
    const cname = cnameProblem(placed.name, ctx.zone, type, records.length, ctx.typesAt(placed.name));
    if (cname) problems.type = cname;
  }
  if (Object.keys(problems).length > 0 || !('name' in placed)) return { problems };
  const comment = form.comment.trim();
  const before = ctx.original?.comments ?? [];
  const unchanged = before.map((c) => c.content).join(' ') === comment;
  return {
    rrset: {
      name: placed.name,
      type,
      ttl: Number(form.ttl),
      records,
      comments: unchanged ? before : comment ? [{ content: comment, account: '', modifiedAt: null }] : [],
    },
  };
}
