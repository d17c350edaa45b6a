import type {
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
} from 'kysely';

// Shared by the benchmarks that split a task's time between the database and the rest.

/** A short name for a statement: the table a built query works on, or the first words of raw SQL. */
function label(node: OperationNode): string {
  const n = node as unknown as {
    kind: string;
    sqlFragments?: readonly string[];
    from?: { froms: { table?: { identifier?: { name: string } } }[] };
    into?: { table: { identifier: { name: string } } };
    table?: { table?: { identifier?: { name: string } } };
  };
  if (n.kind === 'RawNode') return (n.sqlFragments?.[0] ?? '').replace(/\s+/g, ' ').trim().slice(0, 60);
  const table =
    n.from?.froms[0]?.table?.identifier?.name ??
    n.into?.table.identifier.name ??
    n.table?.table?.identifier?.name;
  return `${n.kind.replace(/QueryNode$/, '').toLowerCase()} ${table ?? ''}`.trim();
}

/** Sums the time of every statement run through the database it wraps (from sending to the last row). */
export function statementTimer() {
  const started = new Map<unknown, { t: number; label: string }>();
  let ms = 0;
  let statements = 0;
  let byLabel = new Map<string, { ms: number; n: number }>();
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs) {
      started.set(args.queryId, { t: performance.now(), label: label(args.node) });
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs) {
      const s = started.get(args.queryId);
      if (s !== undefined) {
        const took = performance.now() - s.t;
        ms += took;
        statements += 1;
        const l = byLabel.get(s.label) ?? { ms: 0, n: 0 };
        l.ms += took;
        l.n += 1;
        byLabel.set(s.label, l);
        started.delete(args.queryId);
      }
      return args.result;
    },
  };
  return {
    plugin,
    reset: () => ((ms = 0), (statements = 0), (byLabel = new Map())),
    read: () => ({ ms, statements }),
    /** The statements by name, most time first. */
    breakdown: () => [...byLabel].sort((a, b) => b[1].ms - a[1].ms),
  };
}
