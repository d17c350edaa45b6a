import { createInstance, type TFunction } from 'i18next';
import type { Language } from '../db/schema';
import enMail from '../../locales/en/mail.json';
import ptMail from '../../locales/pt/mail.json';

// The server's words come from the same catalogue as the SPA's (locales/<lang>/<namespace>.json), read
// with i18next. A namespace the server writes with is listed here; esbuild bundles the JSON, so the built
// server reads no file for its words. Numbers and dates in a text use i18next's Intl formats
// ({{count, number}}), so a Portuguese mail prints 12.345 where an English one prints 12,345.
const resources = {
  en: { mail: enMail },
  pt: { mail: ptMail },
} as const;

export type ServerNamespace = keyof (typeof resources)['en'];

const i18n = createInstance();
void i18n.init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  ns: Object.keys(resources.en),
  defaultNS: false,
  initAsync: false,
  // Mail text is plain text; HTML parts escape at their own renderer (server/lib/html.ts).
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The translation of one namespace in one language (i18next's own t, fixed to both). */
export function serverT(lang: Language, ns: ServerNamespace): TFunction {
  return i18n.getFixedT(lang, ns);
}
