import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  hasNativeBridge, installNativeBridge, nativePushToken, openExternal, openNativeLiveChat, resetNativeBridgeForTests,
} from './native-bridge.ts';
import { shareLink } from './share.ts';
import { installNativeShellDouble, type NativeShellDoubleOptions } from './native-shell-double.ts';

const SHELL_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/126 Mobile Safari/537.36 PlayhallApp/2.3.0';

function inShell(opts: NativeShellDoubleOptions = {}) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(SHELL_UA);
  installNativeShellDouble(opts);
  return () => window.__nativeShell!.received;
}

beforeEach(() => resetNativeBridgeForTests());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  delete window.PlayhallNative;
  delete window.__nativeShell;
});

describe('the native bridge outside the shell', () => {
  it('is absent: links open a new tab, no push token, no native chat', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(hasNativeBridge()).toBe(false);
    await openExternal('https://help.example.org/');
    expect(open).toHaveBeenCalledWith('https://help.example.org/', '_blank', 'noopener,noreferrer');
    expect(await nativePushToken()).toBeUndefined();
    expect(await openNativeLiveChat({ name: 'Live chat' })).toBe(false);
  });

  it('a page claiming the shell by its user agent but without the bridge uses the web ways', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(SHELL_UA);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(hasNativeBridge()).toBe(false);
    await openExternal('https://help.example.org/');
    expect(open).toHaveBeenCalledTimes(1);
  });
});

describe('the native bridge inside the shell (test double)', () => {
  it('opens external links through the shell, versioned requests with ids', async () => {
    const received = inShell();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await openExternal('https://help.example.org/');
    expect(open).not.toHaveBeenCalled();
    expect(received()).toEqual([{ v: 1, id: expect.any(String) as string, type: 'openExternal', url: 'https://help.example.org/' }]);
  });

  it('a shell that refuses, or never answers (an older build), falls back to a new tab', async () => {
    inShell({ refuse: ['openExternal'] });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await openExternal('https://a.example.org/');
    expect(open).toHaveBeenCalledTimes(1);

    vi.useFakeTimers();
    inShell({ ignore: ['openExternal'] });
    const done = openExternal('https://b.example.org/');
    await vi.advanceTimersByTimeAsync(3_000);
    await done;
    expect(open).toHaveBeenCalledTimes(2);
  });

  it('opens the live chat natively', async () => {
    const received = inShell();
    expect(await openNativeLiveChat({ name: 'Live chat', url: 'https://chat.example.org/' })).toBe(true);
    expect(received()[0]).toMatchObject({ type: 'openLiveChat', name: 'Live chat', url: 'https://chat.example.org/' });
  });

  it('asks the shell for its push token once, and keeps one the shell sends unasked', async () => {
    const received = inShell({ pushToken: 'fcm-token-1' });
    expect(await nativePushToken()).toBe('fcm-token-1');
    expect(await nativePushToken()).toBe('fcm-token-1');
    expect(received().filter((m) => m.type === 'getPushToken')).toHaveLength(1);

    resetNativeBridgeForTests();
    inShell({ pushToken: null });
    expect(await nativePushToken()).toBeUndefined();
    installNativeBridge();
    window.dispatchEvent(new CustomEvent('playhall:native', { detail: { event: 'pushToken', token: 'fcm-token-2' } }));
    expect(await nativePushToken()).toBe('fcm-token-2');
  });

  it('a shell that does not answer the token delays start-up by at most the wait', async () => {
    inShell({ ignore: ['getPushToken'] });
    const started = Date.now();
    expect(await nativePushToken(50)).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('shares through the shell; elsewhere Web Share, else the link is copied (a failed copy rejects)', async () => {
    const received = inShell();
    expect(await shareLink({ title: 'Playhall', url: 'https://playhall.example/?inviteCode=AB12' })).toBe('shared');
    expect(received()[0]).toMatchObject({ type: 'share', url: 'https://playhall.example/?inviteCode=AB12' });

    delete window.PlayhallNative;
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0', clipboard: { writeText } });
    expect(await shareLink({ url: 'https://playhall.example/x' })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('https://playhall.example/x');

    vi.stubGlobal('navigator', { userAgent: 'Mozilla/5.0', clipboard: { writeText: () => Promise.reject(new Error('denied')) } });
    await expect(shareLink({ url: 'https://playhall.example/x' })).rejects.toThrow(/clipboard/i);
  });
});
