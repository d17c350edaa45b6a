import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
} from 'kysely';
import type { Db } from '../database';

// A Kysely that compiles for PostgreSQL and hands every statement to `answer` instead of a database: tests
// and benchmarks that look at what the ingest code sends (text and parameters) without running it.
export function captureDb(answer: (query: CompiledQuery) => unknown[]): Db {
  const connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery) => ({ rows: answer(query) as R[] }),
    streamQuery: () => {
      throw new Error('not used');
    },
  };
  const db = new Kysely<never>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => ({
        init: async () => {},
        acquireConnection: async () => connection,
        beginTransaction: async () => {},
        commitTransaction: async () => {},
        rollbackTransaction: async () => {},
        releaseConnection: async () => {},
        destroy: async () => {},
      }),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return db as unknown as Db;
}
