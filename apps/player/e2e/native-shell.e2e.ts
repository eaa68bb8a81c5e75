/**
 * The app inside the native app shell (decision 035), against the real server and the built app
 * at 390×844: the page runs with the shell's user agent (`PlayhallApp/…`) and a test double of the
 * shell's bridge (lib/native-shell-double.ts, injected before the page's scripts). A new player
 * gets no download popup (the app is installed), preLogin carries the shell's push token, and
 * customer service opens the shell's own live chat, not a web page.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { hasChromium, PHONE, registerPlayer, snap, startActivity, useStackPage } from './harness.ts';
import { installNativeShellDouble, type NativeShellRecord } from '../src/lib/native-shell-double.ts';

const SHELL_UA = `${PHONE.userAgent} PlayhallApp/2.3.0`;

describe.skipIf(!hasChromium)('native app shell journey', () => {
  const fixture = useStackPage();
  let context: BrowserContext;
  let app: Page;
  const preLogins: Array<Record<string, unknown>> = [];

  beforeAll(async () => {
    // The operator runs a notice and a download bonus: in a browser the download popup comes first.
    await startActivity(fixture.stack, {
      type: 25, name: 'News', sort: 1,
      settings: { title: { 'en-US': 'Weekend maintenance' }, body: { 'en-US': 'Deposits pause on Sunday from 02:00 to 03:00.' } },
    });
    await startActivity(fixture.stack, { type: 32, name: 'Install bonus', sort: 40, settings: { amount: 1234, multiplier: 2 } });
    context = await fixture.stack.newContext({ userAgent: SHELL_UA });
    await context.addInitScript(installNativeShellDouble, { pushToken: 'fcm-e2e-token' });
    app = await context.newPage();
    app.on('request', (req: Request) => {
      if (req.url().endsWith('/app/v1/preLogin')) preLogins.push(JSON.parse(req.postData() ?? '{}') as Record<string, unknown>);
    });
    return () => context.close();
  });

  const received = () => app.evaluate(() => (window as unknown as { __nativeShell: NativeShellRecord }).__nativeShell.received);

  it('a new player in the shell gets the notice but no download popup; preLogin carries the push token', async () => {
    await registerPlayer(app, 'shell');
    const notice = app.getByTestId('notice-modal');
    await notice.waitFor({ timeout: 10_000 });
    await notice.getByTestId('notice-close').click();
    await notice.waitFor({ state: 'detached' });
    await app.waitForTimeout(1_500);
    await expect(app.getByTestId('download-modal').count()).resolves.toBe(0);
    expect(preLogins.length).toBeGreaterThan(0);
    expect(preLogins.every((b) => b.messagingToken === 'fcm-e2e-token')).toBe(true);
    expect((await received()).some((m) => m.type === 'getPushToken')).toBe(true);
  });

  it('customer service opens the shell\'s live chat; no page or tab opens', async () => {
    await app.goto('/service');
    const chat = app.getByTestId('service-item').filter({ hasText: 'Live chat' });
    await chat.waitFor({ timeout: 10_000 });
    await snap(app, 'native-shell-service');
    const pagesBefore = context.pages().length;
    await chat.getByTestId('service-open').click();
    await expect.poll(async () => (await received()).filter((m) => m.type === 'openLiveChat'), { timeout: 5_000 })
      .toEqual([expect.objectContaining({ v: 1, type: 'openLiveChat', name: 'Live chat' })]);
    await app.waitForTimeout(300);
    expect(context.pages().length).toBe(pagesBefore);
    expect(new URL(app.url()).pathname).toBe('/service');
  });
});
