import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { detectLanguages, i18n, i18nReady, interpolate, LANGUAGE_COOKIE, toSupportedLanguage, useTranslation } from './i18n.ts';

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en-US');
});

describe('language choice', () => {
  it('maps what browsers report onto the shipped languages, en-US otherwise', () => {
    expect(toSupportedLanguage('pt')).toBe('pt-BR');
    expect(toSupportedLanguage('pt-PT')).toBe('pt-BR');
    expect(toSupportedLanguage('th')).toBe('th-TH');
    expect(toSupportedLanguage('en-GB')).toBe('en-US');
    expect(toSupportedLanguage('de-DE')).toBe('en-US');
    expect(toSupportedLanguage(undefined)).toBe('en-US');
  });

  it('keeps the choice in a year-long cookie, loads that language lazily and marks the page with it', async () => {
    await i18n.changeLanguage('th-TH');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=th-TH`);
    expect(i18n.language).toBe('th-TH');
    expect(document.documentElement.lang).toBe('th-TH');
    expect(i18n.t('nav.home')).toBe('หน้าแรก');
  });

  it('detects the cookie first, then the browser languages, mapped onto the shipped ones', () => {
    document.cookie = `${LANGUAGE_COOKIE}=pt-BR; Path=/`;
    expect(detectLanguages()[0]).toBe('pt-BR');
    document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    const languages = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages')!;
    Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['th', 'en-GB'] });
    try {
      expect(detectLanguages()).toEqual(['th-TH', 'en-US']);
    } finally {
      Object.defineProperty(navigator, 'languages', languages);
    }
  });

  it('has the default language texts without loading anything', () => {
    expect(i18n.language).toBe('en-US');
    expect(i18n.t('nav.home')).toBe('Home');
    expect(i18n.exists('nav.home')).toBe(true);
  });

  it('of two changes in flight, the later one wins', async () => {
    const first = i18n.changeLanguage('th-TH');
    const second = i18n.changeLanguage('pt-BR');
    await Promise.all([first, second]);
    expect(i18n.language).toBe('pt-BR');
    expect(i18n.t('nav.home')).toBe('Início');
  });
});

describe('t', () => {
  it('fills every {{placeholder}} with its value, numbers as written', () => {
    expect(i18n.t('errors.pageNotFound', { path: '/nope' })).toBe('Page Not Found: /nope');
    expect(i18n.t('wallet.range', { min: '1,000', max: 50 })).toBe('From 1,000 to 50 coins');
  });

  it('leaves a placeholder that was not given as written, says nothing for a null one, never rescans a value', () => {
    expect(i18n.t('errors.pageNotFound')).toBe('Page Not Found: {{path}}');
    expect(i18n.t('errors.pageNotFound', {})).toBe('Page Not Found: {{path}}');
    expect(i18n.t('errors.pageNotFound', { path: null })).toBe('Page Not Found: ');
    expect(i18n.t('errors.pageNotFound', { path: undefined })).toBe('Page Not Found: ');
    expect(interpolate('{{a}} and {{ b }}', { a: '{{b}}', b: 2 })).toBe('{{b}} and 2');
  });

  it('picks the plural form of en-US: one for 1, other for 0, 2 and 1.5', () => {
    expect(i18n.t('games.resultCount', { count: 1 })).toBe('1 game');
    expect(i18n.t('games.resultCount', { count: 0 })).toBe('0 games');
    expect(i18n.t('games.resultCount', { count: 2 })).toBe('2 games');
    expect(i18n.t('games.resultCount', { count: 1.5 })).toBe('1.5 games');
    expect(i18n.t('withdraw.leftToday', { count: 1, amount: '500' })).toBe('Next 24 hours: up to 500 in 1 more request');
  });

  it('picks the plural form of pt-BR, where 0 and 1 are both singular', async () => {
    await i18n.changeLanguage('pt-BR');
    expect(i18n.t('betRecords.lastDays', { count: 0 })).toBe('Último 0 dia');
    expect(i18n.t('betRecords.lastDays', { count: 1 })).toBe('Último 1 dia');
    expect(i18n.t('betRecords.lastDays', { count: 7 })).toBe('Últimos 7 dias');
  });

  it('uses the one form th-TH has for every count', async () => {
    await i18n.changeLanguage('th-TH');
    expect(i18n.t('games.resultCount', { count: 1 })).toBe('1 เกม');
    expect(i18n.t('retrieve.openSessions', { count: 1 })).toBe('มี 1 เซสชันเกมที่ยังเปิดอยู่');
  });

  it('falls back to the plain key when a text has no plural forms', () => {
    expect(i18n.t('records.lastDays', { count: 1 })).toBe('Last 1 days');
  });

  it('says defaultValue, then the key, when no language has the key; of several keys the first found', () => {
    expect(i18n.t('rewards.types.999', { defaultValue: 'Other' })).toBe('Other');
    expect(i18n.t('rewards.types.999', { defaultValue: 'Type {{n}}', n: 9 })).toBe('Type 9');
    expect(i18n.t('no.such.key')).toBe('no.such.key');
    expect(i18n.t('nav.home.deeper')).toBe('nav.home.deeper');
    expect(i18n.t('nav')).toBe('nav');
    expect(i18n.t(['no.such', 'nav.me', 'nav.home'])).toBe('Me');
    expect(i18n.t(['no.such', 'nor.this'])).toBe('nor.this');
    expect(i18n.exists('no.such.key')).toBe(false);
  });
});

describe('useTranslation', () => {
  function Title() {
    const { t, i18n: tr } = useTranslation();
    return <h1 lang={tr.language}>{t('nav.home')} · {t('games.resultCount', { count: 1 })}</h1>;
  }

  it('renders again in the new language when it changes, and stops listening when unmounted', async () => {
    const view = render(<Title />);
    expect(screen.getByRole('heading').textContent).toBe('Home · 1 game');
    await act(() => i18n.changeLanguage('pt-BR'));
    expect(screen.getByRole('heading').textContent).toBe('Início · 1 jogo');
    expect(screen.getByRole('heading').getAttribute('lang')).toBe('pt-BR');
    await act(() => i18n.changeLanguage('th-TH'));
    expect(screen.getByRole('heading').textContent).toBe('หน้าแรก · 1 เกม');
    view.unmount();
    await i18n.changeLanguage('en-US'); // no update on an unmounted component (React would warn)
  });

  it('gives a new t when the language changes, the same one otherwise', async () => {
    const seen: unknown[] = [];
    function Spy() {
      seen.push(useTranslation().t);
      return null;
    }
    const view = render(<Spy />);
    view.rerender(<Spy />);
    expect(seen[1]).toBe(seen[0]);
    await act(() => i18n.changeLanguage('pt-BR'));
    expect(seen.at(-1)).not.toBe(seen[0]);
  });
});
