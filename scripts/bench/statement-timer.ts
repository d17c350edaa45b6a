import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs } from 'kysely';

// Shared by the benchmarks that split a task's time between the database and the rest.

/** Sums the time of every statement run through the database it wraps (from sending to the last row). */
export function statementTimer() {
  const started = new Map<unknown, number>();
  let ms = 0;
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs) {
      started.set(args.queryId, performance.now());
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs) {
      const t = started.get(args.queryId);
      if (t !== undefined) {
        ms += performance.now() - t;
        statements += 1;
        started.delete(args.queryId);
      }
      return args.result;
    },
  };
  return {
    plugin,
    reset: () => ((ms = 0), (statements = 0)),
    read: () => ({ ms, statements }),
  };
}
