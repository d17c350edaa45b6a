import { sql } from 'kysely';
import type { Db } from '../../../server/db/database';
import { dataTables } from '../../../server/db/portable/catalog';
import { ensureMonths } from '../../../server/db/partitions';

// Puts rows in every table of the live schema, generated from the catalog (column types, foreign keys,
// one-column checks), so that a table added later is filled without anyone listing it. Per table: a row
// with every column set (awkward values: quotes, newlines, large bigints, nested JSON, bytes, time
// fractions) and, where the constraints allow, a second with every nullable column NULL. Identity and
// serial columns take their database-made values.

export const fillDay = '2026-01-15';

type Column = {
  name: string;
  type: string;
  nullable: boolean;
  numbered: boolean;
  maxLength: number | null;
};
type ForeignKey = { columns: string[]; parent: string; parentColumns: string[] };

async function columnsOf(db: Db, table: string): Promise<Column[]> {
  const { rows } = await sql<Column>`
    select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, not a.attnotnull as nullable,
           (a.attidentity <> '' or coalesce(pg_get_expr(d.adbin, d.adrelid), '') like 'nextval(%') as numbered,
           information_schema._pg_char_max_length(a.atttypid, a.atttypmod) as "maxLength"
      from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where a.attrelid = ${table}::regclass and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     order by a.attnum`.execute(db);
  return rows;
}

async function foreignKeysOf(db: Db, table: string): Promise<ForeignKey[]> {
  const { rows } = await sql<ForeignKey>`
    select array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
           c.confrelid::regclass::text as parent,
           array(select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
                   join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i) as "parentColumns"
      from pg_constraint c
     where c.contype = 'f' and c.conrelid = ${table}::regclass and c.conparentid = 0`.execute(db);
  return rows;
}

/** The value a one-column check asks for: the first of its listed values, or the low end of its range. */
async function checkedValues(db: Db, table: string): Promise<Map<string, string>> {
  const { rows } = await sql<{ column: string; def: string }>`
    select a.attname as column, pg_get_constraintdef(c.oid) as def
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
     where c.contype = 'c' and c.conrelid = ${table}::regclass and cardinality(c.conkey) = 1`.execute(db);
  const out = new Map<string, string>();
  for (const r of rows) {
    const listed = /'((?:[^']|'')*)'::/.exec(r.def);
    const low = />= (-?\d+)/.exec(r.def) ?? />= \('?(-?\d+)/.exec(r.def);
    if (listed) out.set(r.column, listed[1]!.replace(/''/g, "'"));
    else if (low) out.set(r.column, low[1]!);
  }
  return out;
}

function valueFor(c: Column, n: number): unknown {
  const t = c.type.replace(/\(.*\)/, '');
  const text = `row ${n} "quoted" 'single' back\\slash\nnew line é ✓`;
  switch (t) {
    case 'smallint':
      return 3 + n;
    case 'integer':
      return 70_000 + n;
    case 'bigint':
      return `${9_007_199_254_740_993n + BigInt(n)}`; // past 2^53: a JavaScript number would round it
    case 'boolean':
      return n % 2 === 1;
    case 'text':
      return text;
    case 'character varying':
      return text.slice(0, c.maxLength ?? undefined);
    case 'date':
      return fillDay;
    case 'timestamp with time zone':
      return `2026-01-15 10:11:12.${String(123456 + n)}+05:30`;
    case 'json':
    case 'jsonb':
      return JSON.stringify({ n, a: [1, 2.5, 'x', null], big: '12345678901234567890', s: text });
    case 'bytea':
      return Buffer.from([0, 255, 10, 39, 92, n]);
    case 'cidr':
      return `192.0.2.${n * 16}/28`;
    case 'inet':
      return `2001:db8::${n}`;
    case 'integer[]':
      return [1, 2, n];
    case 'text[]':
      return ['a', 'b c', `"${n}"`];
    default:
      throw new Error(`fill-tables: no value for type ${c.type} (${c.name}): add one`);
  }
}

type Plan = { table: string; columns: Column[]; keys: ForeignKey[]; checked: Map<string, string> };

async function insertRow(db: Db, plan: Plan, n: number, nullable: boolean): Promise<void> {
  const values = new Map<string, unknown>();
  for (const k of plan.keys) {
    if (k.parent === plan.table) continue; // a reference to its own table stays NULL
    const { rows } = await sql<Record<string, unknown>>`
      select ${sql.join(k.parentColumns.map((c) => sql`${sql.id(c)}::text`))}
        from ${sql.table(k.parent)} order by ctid limit 1`.execute(db);
    // No parent row yet (a cycle): the key stays NULL.
    const got = rows[0] ? Object.values(rows[0]) : k.columns.map(() => null);
    k.columns.forEach((c, i) => values.set(c, got[i]));
  }
  const cols = plan.columns.filter((c) => !c.numbered && !(nullable && c.nullable && !values.has(c.name)));
  const exprs = cols.map((c) => {
    if (values.has(c.name)) return sql`${values.get(c.name)}::${sql.raw(c.type)}`;
    return sql`${plan.checked.get(c.name) ?? valueFor(c, n)}::${sql.raw(c.type)}`;
  });
  if (cols.length === 0) await sql`insert into ${sql.table(plan.table)} default values`.execute(db);
  else
    await sql`insert into ${sql.table(plan.table)} (${sql.join(cols.map((c) => sql.id(c.name)))})
              values (${sql.join(exprs)})`.execute(db);
}

const nullableKey = (p: Plan, k: ForeignKey) =>
  k.columns.every((c) => p.columns.find((x) => x.name === c)?.nullable);

/** Fills every table (parents first) and returns the tables that still hold no row. */
export async function fillEveryTable(db: Db): Promise<string[]> {
  await ensureMonths(db, [fillDay]);
  const plans: Plan[] = [];
  for (const { table } of await dataTables(db))
    plans.push({
      table,
      columns: await columnsOf(db, table),
      keys: await foreignKeysOf(db, table),
      checked: await checkedValues(db, table),
    });
  const done = new Set<string>();
  const failures = new Map<string, string>();
  const waiting = (p: Plan) => p.keys.filter((k) => k.parent !== p.table && !done.has(k.parent));
  while (done.size < plans.length) {
    // Parents first; in a cycle (organizations and users name each other) the first table whose missing
    // parents it may leave NULL goes first.
    const ready =
      plans.find((p) => !done.has(p.table) && waiting(p).length === 0) ??
      plans.find((p) => !done.has(p.table) && waiting(p).every((k) => nullableKey(p, k))) ??
      plans.find((p) => !done.has(p.table))!;
    for (const [n, nullable] of [
      [1, false],
      [2, true],
    ] as const) {
      try {
        await db.transaction().execute((trx) => insertRow(trx, ready, n, nullable));
      } catch (e) {
        if (n === 1) failures.set(ready.table, (e as Error).message);
      }
    }
    done.add(ready.table);
  }
  const empty: string[] = [];
  for (const { table } of plans) {
    const { rows } = await sql`select 1 from ${sql.table(table)} limit 1`.execute(db);
    if (rows.length === 0) empty.push(`${table}: ${failures.get(table) ?? 'no row'}`);
  }
  return empty;
}
