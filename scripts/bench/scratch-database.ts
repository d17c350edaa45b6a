import pg from 'pg';
import { startPostgres } from '../services/postgres';

// A database of its own for one benchmark run, on DATABASE_URL's server or on a private cluster started
// (and stopped) here; dropped afterwards whatever happens, unless the caller keeps it (on DATABASE_URL).

async function admin(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(text);
  await client.end();
}

export async function withScratchDatabase(
  prefix: string,
  run: (url: string) => Promise<void>,
  options: { keep?: boolean } = {},
): Promise<void> {
  let url = process.env.DATABASE_URL;
  const server = url ? null : await startPostgres();
  url ??= server!.url;
  const name = `${prefix}_${process.pid}`;
  await admin(url, `create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    await run(target.toString());
  } finally {
    // Kept only on a server of the caller's (DATABASE_URL): a private cluster goes with its database.
    if (options.keep && !server) console.log(`kept ${target.toString()}`);
    else await admin(url, `drop database ${name} with (force)`);
    await server?.stop();
  }
}

/** The `days` calendar days ending at `lastDay` (YYYY-MM-DD), newest first: what a bench loads rollups for. */
export const daysBack = (lastDay: string, days: number): string[] =>
  Array.from({ length: days }, (_, i) =>
    new Date(Date.parse(lastDay) - i * 86_400_000).toISOString().slice(0, 10),
  );
