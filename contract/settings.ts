import { z } from 'zod';
import { code } from './error-codes';
import { choiceMessage, emailField } from './fields';
import { answerExample, bodyExample, sample } from './example';

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
export const settingsDocument = answerExample(
  z.object({
    data: z.object({
      type: z.literal('organization_settings'),
      id: z.number().int(),
      attributes: settingsAttributes,
    }),
  }),
  {
    data: {
      type: 'organization_settings',
      id: 4,
      attributes: {
        default_language: 'en',
        layout_theme: 'primaryTheme',
        retention_days: 365,
        max_retention_days: 730,
        alert_defaults: { destination_addresses: ['dmarc-alerts@example.com'], is_active: true },
        rua_mailbox: {
          host: 'imap.example.com',
          port: 993,
          username: 'dmarc@example.com',
          tls: true,
          folder: 'INBOX',
          password_set: true,
          last_poll_at: sample.laterTime,
          last_poll_status: 'ok',
        },
      },
    },
  },
);

export const settingsPatch = bodyExample(
  z.object({
    default_language: z.enum(['en', 'pt'], choiceMessage).optional(),
    layout_theme: z.enum(['primaryTheme', 'carrierTheme'], choiceMessage).optional(),
    retention_days: z
      .number({ message: code('invalid_integer') })
      .int()
      .min(1, code('min_value'))
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
  }),
  {
    retention_days: 365,
    alert_defaults: { destination_addresses: ['dmarc-alerts@example.com'] },
    rua_mailbox: {
      host: 'imap.example.com',
      port: 993,
      username: 'dmarc@example.com',
      password: 'app-password',
      tls: true,
    },
  },
);
export type SettingsPatch = z.output<typeof settingsPatch>;
