import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import { serverFile } from '../../lib/server-files';

// The dated snapshot of the well-known senders' SPF networks (server/modules/email-senders/spf-snapshot.json)
// for catalogue senders that have no network yet: without it an installation without DNS, or one that never
// pressed "Refresh networks", attributes no source IP to Google, Microsoft and the like. Senders renamed,
// deleted or given networks by hand are left alone.

// By path through serverFile, so the server's build (one flat directory) finds it too.
export const snapshotFile = serverFile('modules/email-senders/spf-snapshot.json');

export type Snapshot = { date: string; senders: { name: string; records: string[]; networks: string[] }[] };

export const readSnapshot = (file = snapshotFile): Snapshot =>
  JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;

/** Adds the snapshot's networks to each named sender that has none; returns how many senders took them. */
export async function applySnapshot(db: Kysely<unknown>, snapshot = readSnapshot()): Promise<number> {
  let filled = 0;
  for (const s of snapshot.senders) {
    const { rows } = await sql<{ n: number }>`
      insert into email_sender_networks (sender_id, range)
      select e.id, r.range::cidr
      from email_senders e, unnest(${s.networks}::text[]) as r(range)
      where lower(e.name) = lower(${s.name})
        and not exists (select 1 from email_sender_networks n where n.sender_id = e.id)
      on conflict do nothing
      returning sender_id as n`.execute(db);
    if (rows.length > 0) filled += 1;
  }
  return filled;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await applySnapshot(db);
}

export async function down(): Promise<void> {
  // The networks stay: they cannot be told apart from ones added later.
}
