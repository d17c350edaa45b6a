import { sql, type Kysely } from 'kysely';

// Scheduled and digest reports (docs/DIGESTS.md). Keyed by organization as the schema lint asks
// (docs/SCALING.md): bigint identities, primary keys (organization_id, id), the sends point at their
// schedule through (organization_id, schedule_id).
// - digest_schedules: what to send, to whom, when (frequency, hour, IANA zone), and the quiet-week choice;
// - digest_sends: one row per (schedule, period) written in the sending job's transaction; its unique key is
//   what makes a period go out once however many workers run or retry (manual sends have their own keys);
// - outbox gains (beside the HTML body 0045 added) inline attachments and extra headers (List-Unsubscribe, RFC 8058), so a digest goes through the same outbox and SMTP path.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table digest_schedules (
      organization_id integer not null references organizations (id) on delete cascade,
      id bigint generated always as identity,
      type text not null check (type in ('scheduled', 'weekly', 'monthly')),
      name text not null,
      frequency text not null check (frequency in ('daily', 'weekly', 'monthly')),
      day_of_week smallint check (day_of_week between 1 and 7),
      day_of_month smallint check (day_of_month between 1 and 31),
      hour smallint not null check (hour between 0 and 23),
      time_zone text not null,
      time_frame text not null,
      all_domains boolean not null default true,
      domain_group_id integer,
      specific_domains integer[] not null default '{}',
      include_details_per_system boolean not null default false,
      include_aggregation_by_ip boolean not null default false,
      include_aggregation_by_sender_service boolean not null default false,
      destination_addresses text[] not null default '{}',
      quiet_week text not null default 'send' check (quiet_week in ('send', 'skip')),
      language text not null default 'en' check (language in ('en', 'pt')),
      created_by integer,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (organization_id, id),
      unique (organization_id, name)
    )`.execute(db);
  await sql`create table digest_sends (
      organization_id integer not null,
      id bigint generated always as identity,
      schedule_id bigint not null,
      period_key text not null,
      period_begin text not null,
      period_end text not null,
      kind text not null check (kind in ('scheduled', 'late', 'manual')),
      status text not null check (status in ('sent', 'quiet', 'skipped')),
      recipients integer not null default 0,
      messages bigint not null default 0,
      created_at timestamptz not null default now(),
      primary key (organization_id, id),
      unique (organization_id, schedule_id, period_key),
      foreign key (organization_id, schedule_id) references digest_schedules (organization_id, id)
        on delete cascade
    )`.execute(db);
  await sql`alter table outbox add column attachments jsonb, add column headers jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox drop column attachments, drop column headers`.execute(db);
  await sql`drop table digest_sends`.execute(db);
  await sql`drop table digest_schedules`.execute(db);
}
