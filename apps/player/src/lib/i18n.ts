// The player's translator: exactly what the app used of i18next and react-i18next, in place of them
// on the first screen (issue 15 §1, decision 033): nested keys with a dot, `{{name}}` interpolation,
// plurals `key_one`/`key_other` chosen by Intl.PluralRules of the language, `defaultValue`, fallback
// to the default language's text and then to the key itself, a language detected from the `lang`
// cookie then the browser, each other language's texts a lazy chunk, and `useTranslation()` that
// re-renders on a language change.
import { useSyncExternalStore } from 'react';
import { ClientConstants, Languages, type Language } from '@playhall/contract';
// The default language's texts for the home page's first screen are in the entry script: it never
// waits for a second request to have words. Only these sections of en-US.json (Vite's JSON named
// exports: the rest of the file is left out of the entry); the whole file is a lazy chunk, fetched
// with the home page's lower part once the lobby shows, before any other page or modal renders, or
// at start on another first page (decision 033). A key of another section asked for meanwhile
// fetches it and renders again.
import { common, games, home, nav, rewards, topBar } from '../locales/en-US.json';

/** A locale file: nested objects whose leaves are the texts. */
export type Texts = { [key: string]: string | Texts };

/**
 * What `t` takes besides the key: the values of the text's `{{placeholders}}`; `count` also picks
 * the plural form; `defaultValue` is said (interpolated) when no language has the key.
 */
export type TOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
/** A key, or keys tried in turn (each in the current then the default language). */
export type TKey = string | readonly string[];
export type TFunction = (key: TKey, options?: TOptions) => string;
type Listener = (language: Language) => void;

export const LANGUAGE_COOKIE = 'lang';

/** Native names: a player who cannot read the current language still finds their own. */
export const languageNames: Record<Language, string> = {
  'en-US': 'English',
  'pt-BR': 'Português (Brasil)',
  'th-TH': 'ไทย',
};

const DEFAULT: Language = ClientConstants.defaultLanguage;
// Each whole locale file is its own chunk, as text parsed when it comes (`?raw`: not the module the
// entry takes its sections from, which would bring every section back into the entry).
const loaders = import.meta.glob<string>('../locales/*.json', { query: '?raw', import: 'default' });
/** The texts there so far: the default language's first-screen sections, then whole files. */
const texts: Partial<Record<Language, Texts>> = { [DEFAULT]: { common, games, home, nav, rewards, topBar } as Texts };
const complete = new Set<Language>();
const loading = new Map<Language, Promise<void>>();

/**
 * The whole locale file of `language`, once (never rejects: when it cannot be fetched the texts
 * there stay, the default language's first-screen ones at least; a later call tries again).
 */
function loadTexts(language: Language): Promise<void> {
  if (complete.has(language)) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    const load = loaders[`../locales/${language}.json`];
    pending = (load ? load() : Promise.reject(new Error(`No locale ${language}`)))
      .then(
        (raw) => {
          texts[language] = JSON.parse(raw) as Texts;
          complete.add(language);
          i18n.textsArrived();
        },
        () => undefined,
      )
      .finally(() => loading.delete(language));
    loading.set(language, pending);
  }
  return pending;
}

/** Every text of the default language (the others' fallback): resolves when they are there, or could not be fetched. */
export function allTexts(): Promise<void> {
  return loadTexts(DEFAULT);
}

/** Whether every text of the default language is there. */
export function hasAllTexts(): boolean {
  return complete.has(DEFAULT);
}

/** Maps what the browser reports ("pt", "th", "en-GB") onto the languages we ship. */
export function toSupportedLanguage(code: string | undefined | null): Language {
  if (!code) return DEFAULT;
  const exact = Languages.find((l) => l.toLowerCase() === code.toLowerCase());
  if (exact) return exact;
  const prefix = code.slice(0, 2).toLowerCase();
  return Languages.find((l) => l.startsWith(prefix)) ?? DEFAULT;
}

function readCookie(name: string): string | undefined {
  try {
    const hit = document.cookie.split(';').map((c) => c.trim()).find((c) => c.startsWith(`${name}=`));
    return hit ? decodeURIComponent(hit.slice(name.length + 1)) || undefined : undefined;
  } catch {
    return undefined; // some embedded browsers throw on document.cookie (or the value is malformed)
  }
}

/**
 * The languages a visit may use, best first: the cookie wins so a choice survives reloads; the
 * browser's languages decide the first visit (mapped onto the shipped ones).
 */
export function detectLanguages(): Language[] {
  const nav = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  return [readCookie(LANGUAGE_COOKIE), ...nav].filter((c): c is string => Boolean(c)).map((c) => toSupportedLanguage(c));
}

/** The choice is kept in the cookie for ClientConstants.languageCookieDays, SameSite=Lax. */
function keepLanguage(language: Language): void {
  try {
    const expires = new Date(Date.now() + ClientConstants.languageCookieDays * 86_400_000).toUTCString();
    document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; Expires=${expires}; Path=/; SameSite=Lax`;
  } catch {
    // cookies blocked: the language holds for this visit only
  }
}

const hasOwn = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

function lookup(language: Language, key: string): string | undefined {
  let node: string | Texts | undefined = texts[language];
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = hasOwn(node, part) ? node[part] : undefined;
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<Language, Intl.PluralRules>();
function pluralForm(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return rules.select(count);
}

/**
 * The text of `key` in `language`, else in the default language: for a `count`, `key_zero` (when
 * 0), then `key_<plural form of that language>`, then `key` itself, as i18next resolved them.
 */
function resolve(language: Language, key: string, count: number | undefined): string | undefined {
  for (const code of language === DEFAULT ? [language] : [language, DEFAULT]) {
    if (typeof count === 'number') {
      const found = (count === 0 ? lookup(code, `${key}_zero`) : undefined) ?? lookup(code, `${key}_${pluralForm(code, count)}`);
      if (found !== undefined) return found;
    }
    const found = lookup(code, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/**
 * `{{name}}` replaced by `String(values.name)` (no HTML escaping: React escapes what it renders);
 * a value that is null, or undefined but given, says nothing; a name not given stays as written.
 * Replaced values are not scanned again.
 */
export function interpolate(text: string, values: Record<string, unknown> | undefined): string {
  if (!values) return text;
  return text.replace(PLACEHOLDER, (whole, raw: string) => {
    const name = raw.trim();
    const value = values[name];
    if (value === undefined && !hasOwn(values, name)) return whole;
    return value == null ? '' : String(value);
  });
}

/** The key's text (the first of several keys that has one), else `defaultValue`, else the (last) key. */
function translate(language: Language, key: TKey, options?: TOptions): string {
  const keys: readonly string[] = typeof key === 'string' ? [key] : key;
  let text: string | undefined;
  for (const k of keys) if ((text = resolve(language, k, options?.count)) !== undefined) break;
  // Not among the texts there yet: fetch the rest (what asked renders again when it is in).
  if (text === undefined && !hasAllTexts()) void allTexts();
  text ??= options?.defaultValue;
  return text === undefined ? (keys.at(-1) ?? '') : interpolate(text, options);
}

class Translator {
  /** The language the texts are in now (always a shipped one). */
  language: Language = DEFAULT;
  /** Counts the arrivals of more texts: what renders texts renders again on a change. */
  version = 0;
  private listeners = new Set<Listener>();
  private textListeners = new Set<() => void>();
  private pending = 0;

  /** The text of `key` in the current language (see `resolve` and `interpolate`); the key when none has it. */
  readonly t: TFunction = (key, options) => translate(this.language, key, options);

  /** Whether the current language or the default one has a text for `key`. */
  exists(key: string): boolean {
    return resolve(this.language, key, undefined) !== undefined;
  }

  /**
   * Keeps the choice in the cookie, loads the language's texts, then switches and tells the
   * listeners. When its texts cannot be fetched it switches all the same (texts fall back to the
   * default language's; numbers and dates follow the language), as i18next did. Of two changes in
   * flight the later one wins.
   */
  async changeLanguage(code: string, { firstScreenOnly = false } = {}): Promise<void> {
    const language = toSupportedLanguage(code);
    const ticket = ++this.pending;
    keepLanguage(language);
    if (!(firstScreenOnly && language === DEFAULT)) await loadTexts(language);
    if (ticket !== this.pending) return;
    this.language = language;
    if (typeof document !== 'undefined') document.documentElement.lang = language;
    for (const listener of [...this.listeners]) listener(language);
  }

  on(_event: 'languageChanged', listener: Listener): void {
    this.listeners.add(listener);
  }

  off(_event: 'languageChanged', listener: Listener): void {
    this.listeners.delete(listener);
  }

  /** Calls `listener` when more texts arrive (the rest of a language); returns the way to stop. */
  onTexts(listener: () => void): () => void {
    this.textListeners.add(listener);
    return () => this.textListeners.delete(listener);
  }

  /** More texts are there: tells who renders them. */
  textsArrived(): void {
    this.version++;
    for (const listener of [...this.textListeners]) listener();
  }
}

export const i18n = new Translator();

export function currentLanguage(): Language {
  return i18n.language;
}

/**
 * Resolves once the detected language's texts are there (main.tsx renders after it): on the home
 * page in the default language, its first-screen sections, already in the entry; otherwise the
 * whole file.
 */
export const i18nReady: Promise<void> = i18n.changeLanguage(detectLanguages()[0] ?? DEFAULT, {
  // (Unit tests start with every text, as a page other than home does.)
  firstScreenOnly: import.meta.env.MODE !== 'test' && typeof location !== 'undefined' && location.pathname === '/',
});

type Translation = { t: TFunction; i18n: Translator; language: Language; version: number };
function snapshotFor(language: Language, version: number): Translation {
  return { t: (key, options) => translate(language, key, options), i18n, language, version };
}
let snapshot = snapshotFor(i18n.language, i18n.version);

const subscribe = (onChange: () => void) => {
  const listener = () => onChange();
  i18n.on('languageChanged', listener);
  const offTexts = i18n.onTexts(listener);
  return () => {
    i18n.off('languageChanged', listener);
    offTexts();
  };
};
const getSnapshot = () =>
  snapshot.language === i18n.language && snapshot.version === i18n.version ? snapshot : (snapshot = snapshotFor(i18n.language, i18n.version));

/**
 * `t` in the current language and the translator; the component renders again when the language
 * changes (a new `t` then, as react-i18next gave).
 */
export function useTranslation(): Translation {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
