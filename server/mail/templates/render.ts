import { languageOf, serverT } from '../../lib/i18n';
import type { MailKind } from './catalogue';

/**
 * A message in the recipient's language, English by default. i18next fills the {{placeholders}} once: a
 * value is never read as a placeholder itself (an organization named "{{link}}" stays that text).
 */
export function renderMail(
  kind: MailKind,
  language: string | null | undefined,
  vars: Record<string, string | number | Date>,
): { subject: string; text: string } {
  const t = serverT(languageOf(language), 'mail');
  return { subject: t(`${kind}.subject`, vars), text: t(`${kind}.text`, vars) };
}
