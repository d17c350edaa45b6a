import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { AlertTables } from './schema-alerts';
import type { BillingTables } from './schema-billing';
import type { CheckTables } from './schema-checks';
import type { DnsTables } from './schema-dns';
import type { MailboxTables } from './schema-mailbox';
import type { ReportTables } from './schema-reports';
import type { DigestTables } from './schema-digests';
import type { RecipientTables } from './schema-recipients';
import type { ReputationTables } from './schema-reputation';
import type { SenderTables } from './schema-senders';
import type { SummaryTables } from './schema-summaries';

// Kysely table types; keep in step with migrations/.
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export type Role = 'owner' | 'admin' | 'member' | 'support' | 'client';
export const roles: readonly Role[] = ['owner', 'admin', 'member', 'support', 'client'];
export type LayoutTheme = 'primaryTheme' | 'carrierTheme';
export type Language = 'en' | 'pt';

export type StoredBenefits = Partial<{
  domains: number;
  campaigns: number;
  campaign_recipients: number;
  retention: number;
  organization_members_limit: number;
  /** Scheduled digest reports an organization may keep (docs/DIGESTS.md). */
  digest_reports: number;
  alerts: number;
  /** DNS zones an organization may host (docs/DNS.md); a plan's product metadata sets it (docs/BILLING.md). */
  dns_zones: number;
}>;

export type OrganizationsTable = {
  id: Generated<number>;
  name: string;
  benefits: Json<StoredBenefits>;
  is_stripe: Generated<boolean>;
  subscription_status: string | null;
  trial_end_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The organization's Stripe customer (migration 0050, docs/BILLING.md). */
  stripe_customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  owner_id: ColumnType<number | null, number | null | undefined, number | null>;
  settings: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** Signed itself up (migration 0067): a free trial while billing is on and it has never subscribed. */
  self_registered: Generated<boolean>;
  /** Local part of the organization's own report address (migration 0039), random and fixed. */
  report_slug: ColumnType<string, never, never>;
};

export type UsersTable = {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string;
  is_active: Generated<boolean>;
  is_support: Generated<boolean>;
  alerts_email: string | null;
  layout_theme: Generated<LayoutTheme>;
  /** null: never chosen (migration 0053). */
  language: ColumnType<Language | null, Language | null | undefined, Language | null>;
  organization_id: number | null;
  role: Generated<Role>;
  totp_secret_enc: string | null;
  totp_enabled: Generated<boolean>;
  totp_last_step: number | null;
  stripe_customer_id: string | null;
  last_login: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
  name: ColumnType<string | null, string | null | undefined, string | null>;
  // Set by migration 0041 on rows that shared their address with an older account (exempt from uniqueness).
  shared_email: Generated<boolean>;
};

export type RecoveryCodesTable = {
  id: Generated<number>;
  user_id: number;
  hmac: string;
  used_at: ColumnType<Date | null, never, Date | string>;
  created_at: CreatedAt;
};

export type RefreshTokensTable = {
  id: Generated<number>;
  token_hash: string;
  family_id: string;
  user_id: number;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, never, Date | string>;
  revoked_at: ColumnType<Date | null, never, Date | string>;
  created_at: CreatedAt;
};

export type LoginAttemptsTable = {
  id: Generated<number>;
  key: string;
  attempted_at: Timestamp;
};

export type AuditOperationsTable = {
  id: Generated<number>;
  name: string;
  date: CreatedAt;
  user_id: number | null;
  organization_id: number | null;
  request: Json<unknown>;
  response_status: number;
};

// Migration 0048: audit_operations is a view of the two tables below (organization_id null: instance-wide).
export type OrganizationAuditOperationsTable = Omit<AuditOperationsTable, 'organization_id'> & {
  organization_id: number;
};
export type InstanceAuditOperationsTable = Omit<AuditOperationsTable, 'organization_id'>;

export type OutboxTable = {
  id: Generated<number>;
  to: string;
  reply_to: string | null;
  subject: string;
  text: string;
  /** The HTML part, when the message has one (alerts, migration 0045). */
  html: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Inline parts the HTML references as cid: (migration 0047, digests); null for plain-text mail. */
  attachments: ColumnType<MailAttachment[] | null, string | null | undefined, string | null>;
  headers: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  /** Migration 0062: whose mail budget it counts against (null: account mail, no organization's). */
  organization_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Held over the budget (never sent itself) until summary_id names the summary that told of it. */
  held_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  summary_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** A delivery attempt in flight since then; null between attempts. */
  claimed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The last attempt did not reach the relay: due again once it answers (server/mail/send-job.ts). */
  relay_unreachable: Generated<boolean>;
};

/** Migration 0062: messages admitted within the budget, per organization and hour. */
export type MailBudgetHoursTable = {
  organization_id: number;
  hour: Date;
  admitted: number;
};

/** An inline part of a message: base64 content, referenced from the HTML as cid:<cid>. */
export type MailAttachment = { filename: string; cid: string; contentType: string; content: string };

export type PublicationsTable = {
  id: Generated<number>;
  organization_id: number | null;
  title: string;
  body: string;
  created_at: CreatedAt;
};

export type SettingsTable = {
  key: string;
  value: Json<unknown>;
  updated_at: CreatedAt;
};

type NullableTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type VerificationMethod = 'dmarc' | 'txt' | 'grandfathered';

// Ownership (migration 0039): pending while verified_at is null.
export type DomainsTable = {
  id: Generated<number>;
  name: string;
  organization_id: number;
  created_at: CreatedAt;
  verification_token: ColumnType<string, never, never>;
  verified_at: NullableTime;
  verification_method: ColumnType<
    VerificationMethod | null,
    VerificationMethod | null | undefined,
    VerificationMethod | null
  >;
  verification_checked_at: NullableTime;
  verification_proved_at: NullableTime;
  verification_problem: ColumnType<string | null, string | null | undefined, string | null>;
};

export type DomainGroupsTable = {
  id: Generated<number>;
  name: string;
  organization_id: number;
  owner_id: number | null;
  created_at: CreatedAt;
};

// organization_id (the domain's) since 0046: the rows live with their organization's (docs/SCALING.md).
export type DomainGroupDomainsTable = { organization_id: number; group_id: number; domain_id: number };
export type UserDomainsTable = { organization_id: number; user_id: number; domain_id: number };

export type MemberRegistrationsTable = {
  id: Generated<number>;
  organization_id: number;
  email: string;
  role: Generated<'admin' | 'member'>;
  token_hash: string;
  invited_by: number | null;
  expires_at: Timestamp;
  accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  sent_count: Generated<number>;
  created_at: CreatedAt;
};

export type AccountTokensTable = {
  id: Generated<number>;
  user_id: number;
  purpose: 'verify' | 'reset';
  token_hash: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
};

export type EmailChangesTable = {
  id: Generated<number>;
  user_id: number;
  new_email: string;
  token_hash: string;
  password_fingerprint: string;
  expires_at: Timestamp;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
};

export type PublicationSeenTable = {
  user_id: number;
  publication_id: number;
  seen_at: CreatedAt;
};

// One row per verified name, instance-wide (migration 0048): a reference table under Citus.
export type VerifiedNamesTable = {
  name: string;
  organization_id: number;
  domain_id: number;
};

export type Database = ReportTables &
  BillingTables &
  AlertTables &
  DigestTables &
  RecipientTables &
  ReputationTables &
  SenderTables &
  SummaryTables &
  CheckTables &
  DnsTables &
  MailboxTables & {
    organizations: OrganizationsTable;
    users: UsersTable;
    recovery_codes: RecoveryCodesTable;
    refresh_tokens: RefreshTokensTable;
    login_attempts: LoginAttemptsTable;
    audit_operations: AuditOperationsTable;
    organization_audit_operations: OrganizationAuditOperationsTable;
    instance_audit_operations: InstanceAuditOperationsTable;
    outbox: OutboxTable;
    mail_budget_hours: MailBudgetHoursTable;
    publications: PublicationsTable;
    settings: SettingsTable;
    domains: DomainsTable;
    verified_names: VerifiedNamesTable;
    domain_groups: DomainGroupsTable;
    domain_group_domains: DomainGroupDomainsTable;
    user_domains: UserDomainsTable;
    member_registrations: MemberRegistrationsTable;
    account_tokens: AccountTokensTable;
    email_changes: EmailChangesTable;
    publication_seen: PublicationSeenTable;
  };

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type OrganizationRow = Selectable<OrganizationsTable>;
export type DomainRow = Selectable<DomainsTable>;
export type DomainGroupRow = Selectable<DomainGroupsTable>;
