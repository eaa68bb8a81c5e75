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
    const detection = i18n.options.detection as { cookieMinutes: number; cookieOptions: { sameSite: string; path: string } };
    expect(detection.cookieMinutes).toBe(365 * 24 * 60);
    expect(detection.cookieOptions).toMatchObject({ sameSite: 'lax', path: '/' });
    await i18n.changeLanguage('en-US');
  });
});
