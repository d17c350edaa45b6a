import { createInstance, type TFunction } from 'i18next';
import type { Language } from '../db/schema';
import enAlertMail from '../../locales/en/alertMail.json';
import enAlerts from '../../locales/en/alerts.json';
import enDigestMail from '../../locales/en/digestMail.json';
import enMail from '../../locales/en/mail.json';
import enUnsubscribe from '../../locales/en/unsubscribePage.json';
import ptAlertMail from '../../locales/pt/alertMail.json';
import ptAlerts from '../../locales/pt/alerts.json';
import ptDigestMail from '../../locales/pt/digestMail.json';
import ptMail from '../../locales/pt/mail.json';
import ptUnsubscribe from '../../locales/pt/unsubscribePage.json';
import enErrors from '../../locales/en/errors.json';
import ptErrors from '../../locales/pt/errors.json';

// The server's words come from the same catalogue as the SPA's (locales/<lang>/<namespace>.json), read
// with i18next. A namespace the server writes with is listed here; esbuild bundles the JSON, so the built
// server reads no file for its words. Numbers and dates in a text use i18next's Intl formats
// ({{count, number}}), so a Portuguese mail prints 12.345 where an English one prints 12,345. The
// server-only namespaces (mail, digestMail, alertMail, unsubscribePage) are kept out of the SPA
// (src/i18n/index.ts); alerts is the console's, read here for the names of conditions and values.
const resources = {
  en: {
    mail: enMail,
    digestMail: enDigestMail,
    alertMail: enAlertMail,
    alerts: enAlerts,
    unsubscribePage: enUnsubscribe,
    errors: enErrors,
  },
  pt: {
    mail: ptMail,
    digestMail: ptDigestMail,
    alertMail: ptAlertMail,
    alerts: ptAlerts,
    unsubscribePage: ptUnsubscribe,
    errors: ptErrors,
  },
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
  // A placeholder without its value stays visible ("{{link}}"): i18next's skipOnVariables, on by default,
  // which also keeps a value from being read as a placeholder or a $t() nesting.
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** The language a stored setting names: Portuguese when it says so, English otherwise (and when unset). */
export const languageOf = (language: string | null | undefined): Language =>
  language === 'pt' ? 'pt' : 'en';

/** The translation of one namespace in one language (i18next's own t, fixed to both). */
export function serverT(lang: Language, ns: ServerNamespace): TFunction {
  return i18n.getFixedT(lang, ns);
}

/** Intl's locale for a language (Portuguese is Brazil's), for figures written outside a text. */
export const intlLocale = (lang: Language) => (lang === 'pt' ? 'pt-BR' : 'en');
