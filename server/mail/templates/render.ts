import type { Language } from '../../db/schema';
import { templates, type MailKind } from './catalogue';

// Fills {placeholders}; an unknown placeholder is left visible rather than silently dropped.
export function renderMail(
  kind: MailKind,
  language: Language | string | null | undefined,
  vars: Record<string, string | number>,
): { subject: string; text: string } {
  const lang: Language = language === 'pt' ? 'pt' : 'en';
  const fill = (s: string) => s.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
  const t = templates[kind][lang];
  return { subject: fill(t.subject), text: fill(t.text) };
}
