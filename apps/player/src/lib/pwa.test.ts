import { describe, expect, it } from 'vitest';
import { canOfferInstall, isInstalledApp } from './pwa.ts';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IOS_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const IOS_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1';
const NATIVE_SHELL = `${ANDROID_CHROME} PlayhallApp/1.4.0`;

describe('where the download popup may offer installing (spec §2)', () => {
  it('offers it in a mobile browser, Android Chrome or iOS Safari', () => {
    expect(canOfferInstall({ userAgent: ANDROID_CHROME, standalone: false })).toBe(true);
    expect(canOfferInstall({ userAgent: IOS_SAFARI, standalone: false })).toBe(true);
  });

  it('not in the installed app: standalone mode (a PWA) or the native shell', () => {
    expect(canOfferInstall({ userAgent: ANDROID_CHROME, standalone: true })).toBe(false);
    expect(canOfferInstall({ userAgent: IOS_SAFARI, standalone: true })).toBe(false);
    expect(canOfferInstall({ userAgent: NATIVE_SHELL, standalone: false })).toBe(false);
  });

  it('not in iOS Chrome, which cannot add a web app to the home screen', () => {
    expect(canOfferInstall({ userAgent: IOS_CHROME, standalone: false })).toBe(false);
  });

  it('the installed app is standalone mode or the native shell, the one where the download bonus is claimed', () => {
    expect(isInstalledApp({ userAgent: ANDROID_CHROME, standalone: true })).toBe(true);
    expect(isInstalledApp({ userAgent: NATIVE_SHELL, standalone: false })).toBe(true);
    expect(isInstalledApp({ userAgent: ANDROID_CHROME, standalone: false })).toBe(false);
    expect(isInstalledApp({ userAgent: IOS_CHROME, standalone: false })).toBe(false);
  });
});
