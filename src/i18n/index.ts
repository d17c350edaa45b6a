import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const languages = ['en', 'pt'] as const;
export type Language = (typeof languages)[number];
export const languageStorageKey = 'language';

// Every locales/<lang>/<namespace>.json file is one i18next namespace. Those of pages behind the menu
// (alerts, the audit log, billing, digests, DNS, recipients) come with their page's chunk instead (src/features/<area>/locale.ts, calling
// addPageNamespace), so the sign-in page does not download them (npm run check:bundle's budget).
const files = import.meta.glob(
  [
    '../../locales/*/*.json',
    '!../../locales/*/alerts.json',
    '!../../locales/*/auditOperations.json',
    '!../../locales/*/billing.json',
    '!../../locales/*/digests.json',
    '!../../locales/*/dns.json',
    '!../../locales/*/recipients.json',
    // The server's words (mail, digest and alert mail, the unsubscribe page): no page shows them.
    '!../../locales/*/mail.json',
    '!../../locales/*/digestMail.json',
    '!../../locales/*/alertMail.json',
    '!../../locales/*/unsubscribePage.json',
    // API error texts: loaded apart, one language (loadErrors below).
    '!../../locales/*/errors.json',
  ],
  { eager: true, import: 'default' },
) as Record<string, Record<string, unknown>>;

function collect() {
  const resources: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, content] of Object.entries(files)) {
    const m = /locales\/(\w+)\/([\w-]+)\.json$/.exec(path);
    if (!m) continue;
    const [, lang, ns] = m;
    (resources[lang] ??= {})[ns] = content;
  }
  return resources;
}

function storedLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(languageStorageKey) : null;
  return stored === 'pt' ? 'pt' : 'en';
}

const resources = collect();
void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'en',
  defaultNS: 'common',
  ns: Object.keys(resources.en ?? {}),
  interpolation: { escapeValue: false },
  returnNull: false,
});

// The errors namespace (API error texts by code, src/api/errors.ts) stays out of the sign-in page's
// JavaScript (npm run check:bundle and the login e2e's budget of what /login loads): the reader's language is
// fetched when a call first fails (src/api/client.ts waits for it before the failure is read), and again on a
// change of language once it was wanted.
const errorFiles = import.meta.glob('../../locales/*/errors.json', { import: 'default' }) as Record<
  string,
  () => Promise<Record<string, string>>
>;

let errorsWanted = false;

/** Loads the errors namespace of one language (once). */
export async function loadErrors(lang: string = i18n.language): Promise<void> {
  errorsWanted = true;
  const load = errorFiles[`../../locales/${lang}/errors.json`];
  if (!load || i18n.hasResourceBundle(lang, 'errors')) return;
  i18n.addResourceBundle(lang, 'errors', await load());
}

i18n.on('languageChanged', (lang) => {
  if (errorsWanted) void loadErrors(lang);
});

/** Adds a page's namespace in every language (once), before its components render. */
export function addPageNamespace(ns: string, bundles: Record<Language, Record<string, unknown>>) {
  for (const lang of languages)
    if (!i18n.hasResourceBundle(lang, ns)) i18n.addResourceBundle(lang, ns, bundles[lang]);
}

export function setLanguage(lang: Language) {
  localStorage.setItem(languageStorageKey, lang);
  document.documentElement.lang = lang === 'pt' ? 'pt-BR' : 'en';
  return i18n.changeLanguage(lang);
}

export default i18n;
