import { describe, expect, it, vi } from 'vitest';

// A language missing texts, and one whose chunk cannot be fetched (a file of its own: the mocks
// replace the locale files for every test in it).
vi.mock('../locales/pt-BR.json?raw', () => ({ default: JSON.stringify({ nav: { home: 'Início' }, games: { resultCount_other: '{{count}} jogos' } }) }));
vi.mock('../locales/th-TH.json?raw', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

import { i18n, i18nReady } from './i18n.ts';

describe('fallback to the default language', () => {
  it('says the en-US text, in the en-US plural form, for a key the language lacks', async () => {
    await i18nReady;
    await i18n.changeLanguage('pt-BR');
    expect(i18n.t('nav.home')).toBe('Início');
    expect(i18n.t('nav.me')).toBe('Me');
    expect(i18n.exists('nav.me')).toBe(true);
    expect(i18n.t('games.resultCount', { count: 2 })).toBe('2 jogos');
    // pt-BR has no singular form here: en-US's, chosen by the en-US rules.
    expect(i18n.t('games.resultCount', { count: 1 })).toBe('1 game');
    expect(i18n.t('errors.pageNotFound', { path: '/x' })).toBe('Page Not Found: /x');
  });

  it('switches even when the language cannot be fetched: English texts meanwhile', async () => {
    await i18n.changeLanguage('th-TH');
    expect(i18n.language).toBe('th-TH');
    expect(i18n.t('nav.home')).toBe('Home');
  });
});
