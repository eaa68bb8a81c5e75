import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { ClientConstants, Languages, type Language } from '@playhall/contract';

export const i18n: I18n = i18next.createInstance();

export const LANGUAGE_COOKIE = 'lang';

/** Native names: a player who cannot read the current language still finds their own. */
export const languageNames: Record<Language, string> = {
  'en-US': 'English',
  'pt-BR': 'Português (Brasil)',
  'th-TH': 'ไทย',
};

const loaders = import.meta.glob<{ default: ResourceKey }>('../locales/*.json');

/** Each locale is its own chunk, fetched only when that language is used. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    const load = loaders[`../locales/${language}.json`];
    if (!load) {
      callback(new Error(`No locale ${language}`), null);
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (err: unknown) => callback(err as Error, null),
    );
  },
};

/** Maps what the browser reports ("pt", "th", "en-GB") onto the languages we ship. */
export function toSupportedLanguage(code: string | undefined | null): Language {
  if (!code) return ClientConstants.defaultLanguage;
  const exact = Languages.find((l) => l.toLowerCase() === code.toLowerCase());
  if (exact) return exact;
  const prefix = code.slice(0, 2).toLowerCase();
  return Languages.find((l) => l.startsWith(prefix)) ?? ClientConstants.defaultLanguage;
}

export function currentLanguage(): Language {
  return toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);
}

export const i18nReady = i18n
  .use(lazyLocales)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...Languages],
    fallbackLng: ClientConstants.defaultLanguage,
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    detection: {
      // The cookie wins so a choice survives reloads; the browser language decides the first visit.
      order: ['cookie', 'navigator'],
      lookupCookie: LANGUAGE_COOKIE,
      caches: ['cookie'],
      cookieMinutes: ClientConstants.languageCookieDays * 24 * 60,
      cookieOptions: { path: '/', sameSite: 'lax' },
      convertDetectedLanguage: (lng: string) => toSupportedLanguage(lng),
    },
  });

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = toSupportedLanguage(lng);
});
