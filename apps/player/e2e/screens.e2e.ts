/**
 * Every screen renders (no error page, its own heading or form) at the phone size, and at the
 * smallest phone and a desktop for layout. The screenshots are for a person to look at.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, snap, startStack, type Stack } from './harness.ts';

const publicScreens: Array<[string, string, string]> = [
  ['home', '/', 'Your games lobby, rewards included'],
  ['login', '/auth/login', 'Remember me'],
  ['login-phone', '/auth/login?type=phone', 'Send code'],
  ['account-login', '/auth/accountLogin', 'Remember me'],
  ['register', '/auth/register?inviteCode=DEMO2026', 'Create account'],
  ['forget', '/auth/forget', 'Set new password'],
  ['about-us', '/about-us', 'About'],
  ['privacy-policy', '/privacy-policy', 'Privacy'],
  ['terms-of-use', '/terms-of-use', 'Terms'],
  ['faq', '/faq', 'FAQ'],
  ['download', '/download', 'Download'],
  ['service', '/service', 'Customer support'],
];

const memberScreens: Array<[string, string, string]> = [
  ['home-member', '/', 'Hi, Demo Player'],
  ['member', '/member', 'Demo Player'],
  ['profile', '/member/profile', 'Choose your avatar'],
  ['bind', '/auth/bind', 'Bind phone'],
  ['set-password', '/auth/set-password', 'Current password'],
  ['service-member', '/service', 'Customer support'],
];

async function expectScreen(page: Page, path: string, text: string) {
  await page.goto(path);
  await page.getByText(text, { exact: false }).first().waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  expect(await page.locator('[data-testid="server-error"], [data-testid="not-found"]').count()).toBe(0);
  // The start-up cover fades out once preLogin has answered (220 ms of motion on a busy machine can run late).
  await page.locator('#cover').waitFor({ state: 'detached', timeout: 5_000 });
}

describe.skipIf(!hasChromium)('every screen', () => {
  let stack: Stack;
  let session: { token: string; user: unknown };

  beforeAll(async () => {
    stack = await startStack();
    const res = await fetch(`${stack.baseUrl}/app/v1/accountLogin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ account: 'demo', password: 'playhall123', loginType: 2 }),
    });
    const body = (await res.json()) as { code: number; data: { token: string; user: unknown } };
    expect(body.code).toBe(200);
    session = body.data;
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('renders each logged-out screen at 390×844', async () => {
    const context = await stack.newContext();
    const page = await context.newPage();
    for (const [name, path, text] of publicScreens) {
      await expectScreen(page, path, text);
      await snap(page, `screen-${name}`);
    }
    await context.close();
  });

  it('renders each member screen at 390×844', async () => {
    const context = await stack.newContext();
    await context.addInitScript((s) => {
      if (!localStorage.getItem('seeded')) {
        localStorage.setItem('token', s.token);
        localStorage.setItem('user', JSON.stringify(s.user));
        localStorage.setItem('seeded', '1');
      }
    }, session);
    const page = await context.newPage();
    for (const [name, path, text] of memberScreens) {
      await expectScreen(page, path, text);
      await snap(page, `screen-${name}`);
    }
    await context.close();
  });

  it('holds its layout on a small phone and on a desktop', async () => {
    for (const [label, viewport, mobile] of [
      ['360x740', { width: 360, height: 740 }, true],
      ['1280x800', { width: 1280, height: 800 }, false],
    ] as const) {
      const context = await stack.newContext({ viewport, isMobile: mobile, hasTouch: mobile });
      const page = await context.newPage();
      for (const [name, path, text] of [publicScreens[0]!, publicScreens[1]!, publicScreens[4]!]) {
        await expectScreen(page, path, text);
        // Nothing may overflow sideways on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        await snap(page, `layout-${label}-${name}`);
      }
      await context.close();
    }
  });

  it('renders Thai and Portuguese text (fonts present, nothing left in English)', async () => {
    for (const [lng, home, login] of [
      ['th-TH', 'ล็อบบี้เกมของคุณ พร้อมรางวัล', 'จดจำฉัน'],
      ['pt-BR', 'Seu lobby de jogos, com recompensas', 'Lembrar de mim'],
    ] as const) {
      const context = await stack.newContext();
      await context.addCookies([{ name: 'lang', value: lng, url: stack.baseUrl }]);
      const page = await context.newPage();
      await expectScreen(page, '/', home);
      await snap(page, `screen-home-${lng}`);
      await expectScreen(page, '/auth/login?type=account', login);
      await snap(page, `screen-login-${lng}`);
      await context.close();
    }
  });
});
