import { describe, expect, it } from 'vitest';
import { i18n, i18nReady, LANGUAGE_COOKIE, toSupportedLanguage } from './i18n.ts';

describe('language choice', () => {
  it('maps what browsers report onto the shipped languages, en-US otherwise', () => {
    expect(toSupportedLanguage('pt')).toBe('pt-BR');
    expect(toSupportedLanguage('pt-PT')).toBe('pt-BR');
    expect(toSupportedLanguage('th')).toBe('th-TH');
    expect(toSupportedLanguage('en-GB')).toBe('en-US');
    expect(toSupportedLanguage('de-DE')).toBe('en-US');
    expect(toSupportedLanguage(undefined)).toBe('en-US');
  });

  it('keeps the choice in a year-long cookie and loads that language lazily', async () => {
    await i18nReady;
    await i18n.changeLanguage('th-TH');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=th-TH`);
    expect(i18n.t('nav.home')).toBe('หน้าแรก');
    await i18n.changeLanguage('en-US');
  });

  it('detects the cookie first, then the browser languages, mapped onto the shipped ones', () => {
    const detect = () => (i18n.services.languageDetector as { detect: () => string[] }).detect();
    document.cookie = `${LANGUAGE_COOKIE}=pt-BR; Path=/`;
    expect(detect()[0]).toBe('pt-BR');
    document.cookie = `${LANGUAGE_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`;
    const languages = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages')!;
    Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['th', 'en-GB'] });
    try {
      expect(detect()).toEqual(['th-TH', 'en-US']);
    } finally {
      Object.defineProperty(navigator, 'languages', languages);
    }
  });

  it('has the default language texts without loading anything', () => {
    expect(i18n.getResource('en-US', 'translation', 'nav.home')).toBeTruthy();
  });
});
