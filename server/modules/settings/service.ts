import type { AppContext } from '../../context';
import type { Db } from '../../db/database';
import type { OrganizationRow } from '../../db/schema';
import { encryptSecret } from '../../lib/crypto';
import { fieldError, forbidden, notFound } from '../../lib/errors';
import { type Actor, canEditOrganizationSettings, canViewOrganizationSettings } from '../../lib/permissions';
import { findOrganization } from '../shared/organization-rows';
import { benefitsFor } from '../shared/roles';
import { saveSettings } from './repo';
import type { SettingsAttributes, SettingsPatch } from '../../../contract/settings';

// What organizations.settings (jsonb) holds. The IMAP password is stored AES-GCM encrypted and never returned.
export type StoredSettings = {
  default_language?: 'en' | 'pt';
  layout_theme?: 'primaryTheme' | 'carrierTheme';
  retention_days?: number;
  alert_defaults?: { destination_addresses?: string[]; is_active?: boolean };
  rua_mailbox?: {
    host?: string | null;
    port?: number | null;
    username?: string | null;
    password_enc?: string | null;
    tls?: boolean;
    folder?: string;
    last_poll_at?: string | null;
    last_poll_status?: string | null;
  };
};

export function settingsView(org: OrganizationRow): SettingsAttributes {
  const s = (org.settings ?? {}) as StoredSettings;
  const max = benefitsFor(org.benefits).retention;
  const m = s.rua_mailbox ?? {};
  return {
    default_language: s.default_language ?? 'en',
    layout_theme: s.layout_theme ?? 'primaryTheme',
    retention_days: Math.min(s.retention_days ?? max, max),
    max_retention_days: max,
    alert_defaults: {
      destination_addresses: s.alert_defaults?.destination_addresses ?? [],
      is_active: s.alert_defaults?.is_active ?? true,
    },
    rua_mailbox: {
      host: m.host ?? null,
      port: m.port ?? null,
      username: m.username ?? null,
      tls: m.tls ?? true,
      folder: m.folder ?? 'INBOX',
      password_set: Boolean(m.password_enc),
      last_poll_at: m.last_poll_at ?? null,
      last_poll_status: m.last_poll_status ?? null,
    },
  };
}

const doc = (org: OrganizationRow) => ({
  data: { type: 'organization_settings' as const, id: org.id, attributes: settingsView(org) },
});

async function callerOrganization(db: Db, actor: Actor, allowed: (a: Actor, o: { id: number }) => boolean) {
  const org = actor.organizationId === null ? undefined : await findOrganization(db, actor.organizationId);
  if (!org) throw notFound();
  if (!allowed(actor, org)) throw forbidden();
  return org;
}

export async function readSettings(db: Db, actor: Actor) {
  return doc(await callerOrganization(db, actor, canViewOrganizationSettings));
}

// PATCH merges the given keys into the stored settings; read at use time, so changes apply without a restart.
export async function updateSettings(ctx: AppContext, db: Db, actor: Actor, patch: SettingsPatch) {
  const org = await callerOrganization(db, actor, canEditOrganizationSettings);
  const max = benefitsFor(org.benefits).retention;
  if (patch.retention_days !== undefined && patch.retention_days > max)
    throw fieldError('retention_days', 'max_value', { max });
  const current = (org.settings ?? {}) as StoredSettings;
  const { password, ...mailbox } = patch.rua_mailbox ?? {};
  const next: StoredSettings = {
    ...current,
    ...(patch.default_language ? { default_language: patch.default_language } : {}),
    ...(patch.layout_theme ? { layout_theme: patch.layout_theme } : {}),
    ...(patch.retention_days !== undefined ? { retention_days: patch.retention_days } : {}),
    alert_defaults: { ...current.alert_defaults, ...patch.alert_defaults },
    rua_mailbox: {
      ...current.rua_mailbox,
      ...mailbox,
      ...(password !== undefined
        ? { password_enc: password ? encryptSecret(ctx.config.encryptionKey, password) : null }
        : {}),
    },
  };
  const updated = await saveSettings(db, org.id, next);
  return doc(updated);
}
