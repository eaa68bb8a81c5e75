import i18next, { type BackendModule, type i18n as I18n, type LanguageDetectorModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ClientConstants, Languages, type Language } from '@playhall/contract';
// The default language's texts are in the entry script: the first screen never waits for a second
// request to have words (it is also every other language's fallback, so always needed; decision 033).
import defaultTexts from '../locales/en-US.json';

export const i18n: I18n = i18next.createInstance();

export const LANGUAGE_COOKIE = 'lang';

/** Native names: a player who cannot read the current language still finds their own. */
export const languageNames: Record<Language, string> = {
  'en-US': 'English',
  'pt-BR': 'Português (Brasil)',
  'th-TH': 'ไทย',
};

const loaders = import.meta.glob<{ default: ResourceKey }>(['../locales/*.json', '!../locales/en-US.json']);

/** Each other locale is its own chunk, fetched only when that language is used. */
const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (language === ClientConstants.defaultLanguage) {
      callback(null, defaultTexts);
      return;
    }
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

function readCookie(name: string): string | undefined {
  try {
    const hit = document.cookie.split(';').map((c) => c.trim()).find((c) => c.startsWith(`${name}=`));
    return hit?.slice(name.length + 1) || undefined;
  } catch {
    return undefined; // some embedded browsers throw on document.cookie
  }
}

/**
 * The language on a visit: the cookie wins so a choice survives reloads; the browser's first
 * language decides the first visit (mapped onto the shipped ones). The choice is kept in the
 * cookie for ClientConstants.languageCookieDays, SameSite=Lax. A dozen lines in place of
 * i18next-browser-languagedetector, which the first screen need not carry (decision 033).
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect() {
    const nav = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
    return [readCookie(LANGUAGE_COOKIE), ...nav].filter((c): c is string => Boolean(c)).map((c) => toSupportedLanguage(c));
  },
  cacheUserLanguage(lng) {
    try {
      const expires = new Date(Date.now() + ClientConstants.languageCookieDays * 86_400_000).toUTCString();
      document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(lng)}; Expires=${expires}; Path=/; SameSite=Lax`;
    } catch {
      // cookies blocked: the language holds for this visit only
    }
  },
};

export function currentLanguage(): Language {
  return toSupportedLanguage(i18n.resolvedLanguage ?? i18n.language);
}

export const i18nReady = i18n
  .use(lazyLocales)
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...Languages],
    fallbackLng: ClientConstants.defaultLanguage,
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

i18n.on('languageChanged', (lng) => {
  if (typeof document !== 'undefined') document.documentElement.lang = toSupportedLanguage(lng);
});
