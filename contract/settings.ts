import { z } from 'zod';
import { choiceMessage, emailField } from './fields';

// The organization's dynamic settings on the wire (snake_case), GET and PATCH /api/ph/settings/organization/.
// The IMAP password is written, never read back (password_set says whether one is stored).

const mailboxOut = z.object({
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  username: z.string().nullable(),
  tls: z.boolean(),
  folder: z.string(),
  password_set: z.boolean(),
  last_poll_at: z.string().nullable(),
  last_poll_status: z.string().nullable(),
});
export const settingsAttributes = z.object({
  default_language: z.enum(['en', 'pt']),
  layout_theme: z.enum(['primaryTheme', 'carrierTheme']),
  retention_days: z.number().int(),
  max_retention_days: z.number().int(),
  alert_defaults: z.object({ destination_addresses: z.array(z.string()), is_active: z.boolean() }),
  rua_mailbox: mailboxOut,
});
export type SettingsAttributes = z.output<typeof settingsAttributes>;
export const settingsDocument = z.object({
  data: z.object({
    type: z.literal('organization_settings'),
    id: z.number().int(),
    attributes: settingsAttributes,
  }),
});

export const settingsPatch = z.object({
  default_language: z.enum(['en', 'pt'], choiceMessage).optional(),
  layout_theme: z.enum(['primaryTheme', 'carrierTheme'], choiceMessage).optional(),
  retention_days: z
    .number({ message: 'A valid integer is required.' })
    .int()
    .min(1, 'Ensure this value is greater than or equal to 1.')
    .optional(),
  alert_defaults: z
    .object({
      destination_addresses: z.array(emailField()).max(20).optional(),
      is_active: z.boolean().optional(),
    })
    .optional(),
  rua_mailbox: z
    .object({
      host: z.string().trim().max(255).nullable().optional(),
      port: z.number().int().min(1).max(65535).nullable().optional(),
      username: z.string().trim().max(255).nullable().optional(),
      password: z.string().max(1024).optional(),
      tls: z.boolean().optional(),
      folder: z.string().trim().min(1).max(255).optional(),
    })
    .optional(),
});
export type SettingsPatch = z.output<typeof settingsPatch>;
