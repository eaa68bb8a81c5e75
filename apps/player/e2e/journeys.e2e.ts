/**
 * The issue's browser journeys, against the real server and the built app, at 390×844.
 * They run in order in one file: the forgot-password journey reuses the phone registered
 * earlier (the journeys' server allows one code per phone every few seconds; it waits that out).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { formatPhone } from '@playhall/contract';
import { hasChromium, latestSmsCode, snap, SMS_RESEND_SECONDS, startStack, uniqueAccount, uniqueMobile, type Stack } from './harness.ts';

const SMS_RESEND_MS = SMS_RESEND_SECONDS * 1000;

async function fill(page: Page, id: string, value: string) {
  await page.locator(`input#${id}`).fill(value);
}

async function submit(page: Page, label: string) {
  await page.locator('button[type="submit"]', { hasText: label }).click();
}

async function expectLoggedIn(page: Page) {
  await page.getByTestId('balance-pill').waitFor({ timeout: 15_000 });
}

async function logOut(page: Page) {
  await page.locator('.tab-bar').getByText('Me', { exact: true }).click();
  await page.getByTestId('logout').click();
  await page.locator('.adm-dialog-footer').getByText('Log out').click();
  await page.locator('.top-bar__login').waitFor();
}

describe.skipIf(!hasChromium)('player journeys', () => {
  let stack: Stack;
  const contexts: BrowserContext[] = [];
  const phone = uniqueMobile();
  let phoneCodeSentAt = 0;

  const newPage = async (opts?: Parameters<Stack['newContext']>[0]) => {
    const context = await stack.newContext(opts);
    contexts.push(context);
    return { context, page: await context.newPage() };
  };

  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await stack?.close();
  });

  it('registers with an account, logs out, and logs back in from the modal', async () => {
    const { page } = await newPage();
    const account = uniqueAccount('acc');
    await page.goto('/auth/register');
    await fill(page, 'account', account);
    await fill(page, 'password', 'secret-123');
    await snap(page, 'journey-register-account-1-form');
    await submit(page, 'Create account');
    await expectLoggedIn(page);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByText(`Hi, ${account}`).waitFor();
    await snap(page, 'journey-register-account-2-home');

    await logOut(page);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await snap(page, 'journey-register-account-3-logged-out');

    // The auth modals are mutually exclusive: opening register from login replaces it.
    await page.locator('.top-bar__login').click();
    await page.locator('[data-modal="login"]').waitFor();
    await page.locator('[data-modal="login"]').getByTestId('to-register').click();
    await page.locator('[data-modal="register"]').waitFor();
    expect(await page.locator('[data-modal]').count()).toBe(1);
    await page.locator('[data-modal="register"]').getByTestId('to-login').click();
    await page.locator('[data-modal="login"]').waitFor();

    const modal = page.locator('[data-modal="login"]');
    await modal.getByText('Account', { exact: true }).first().click();
    await fill(page, 'account', account);
    await fill(page, 'password', 'secret-123');
    await modal.getByText('Remember me').click();
    await snap(page, 'journey-register-account-4-login-modal');
    await submit(page, 'Log in');
    await expectLoggedIn(page);
    await page.locator('[data-modal]').waitFor({ state: 'detached' });
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored.rememberedAccount).toBe(account);
    expect(JSON.stringify(stored)).not.toContain('secret-123');
    await snap(page, 'journey-register-account-5-logged-in');
  });

  it('shows inline errors for a too short account name and changes nothing', async () => {
    const { page } = await newPage();
    await page.goto('/auth/register');
    await fill(page, 'account', 'ab');
    await fill(page, 'password', 'secret-123');
    await submit(page, 'Create account');
    await page.getByText('Account must be 4 to 16 characters').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await snap(page, 'journey-register-inline-error');
  });

  it('registers by phone with the code from the dev SMS inbox', async () => {
    const { page } = await newPage();
    await page.goto('/auth/register');
    await page.locator('.auth-tabs').getByText('Phone').click();
    await fill(page, 'mobile', phone);
    const before = new Date(Date.now() - 5_000).toISOString();
    await page.getByTestId('send-code').click();
    phoneCodeSentAt = Date.now();
    await page.getByText(/Resend in \d+s/).waitFor();
    const code = await latestSmsCode(stack.baseUrl, phone, before);
    await fill(page, 'code', code);
    await fill(page, 'password', 'phone-pass-1');
    await snap(page, 'journey-register-phone-1-form');
    await submit(page, 'Create account');
    await expectLoggedIn(page);
    await page.goto('/member/profile');
    await page.getByText(formatPhone(phone), { exact: true }).waitFor();
    await snap(page, 'journey-register-phone-2-profile');
  });

  it('shows the 404 page for an unknown path and for a failed search check', async () => {
    const { page } = await newPage();
    await page.goto('/no-such-page');
    await page.getByText('Page Not Found: /no-such-page').waitFor();
    await snap(page, 'journey-404-unknown-path');
    await page.goto('/auth/login?type=bogus');
    await page.getByText('Page Not Found: /auth/login').waitFor();
    await snap(page, 'journey-404-bad-search');
    await page.getByText('Back to home').click();
    await page.getByTestId('hero').waitFor();
  });

  it('goes back with the nav bar arrow (a button named Back, reachable by keyboard), and home from a deep link', async () => {
    const { page } = await newPage();
    await page.goto('/');
    await page.locator('.quick-link', { hasText: 'FAQ' }).click();
    await page.locator('.faq-list').waitFor();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByTestId('hero').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto('/terms-of-use');
    await page.locator('.content-title').waitFor();
    await page.getByRole('button', { name: 'Back', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('hero').waitFor();
  });

  it('keeps the chosen language across a reload in a SameSite=Lax cookie for 365 days', async () => {
    const { context, page } = await newPage();
    await page.goto('/');
    await page.getByTestId('language-button').click();
    await page.getByText('Português (Brasil)').click();
    await page.locator('.tab-bar').getByText('Início').waitFor();
    await page.reload();
    await page.locator('.tab-bar').getByText('Início').waitFor();
    await page.getByText('Seu lobby de jogos, com recompensas').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('pt-BR');
    await snap(page, 'journey-language-pt-BR');
    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie?.value).toBe('pt-BR');
    expect(cookie?.sameSite).toBe('Lax');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    // Server content follows the language too.
    await page.goto('/about-us');
    await page.locator('.content-title', { hasText: 'Sobre nós' }).waitFor();
    await snap(page, 'journey-language-pt-BR-about');
  });

  it('logs this tab out when the token is removed in a second tab', async () => {
    const { context, page } = await newPage();
    await page.goto('/auth/login?type=account');
    await fill(page, 'account', 'demo');
    await fill(page, 'password', 'playhall123');
    await submit(page, 'Log in');
    await expectLoggedIn(page);
    await page.goto('/member');
    await page.getByTestId('member-nickname').waitFor();

    const second = await context.newPage();
    await second.goto('/');
    await second.evaluate(() => localStorage.removeItem('token'));
    await page.waitForURL(/\/auth\/login/, { timeout: 10_000 });
    await page.getByText('Log in to Playhall').waitFor();
    expect(await page.locator('.tab-bar').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await snap(page, 'journey-second-tab-logout');
  });

  it('shows the Tips dialog when a call times out', async () => {
    const { context, page } = await newPage();
    await context.addInitScript(() => {
      window.__PLAYHALL_TIMEOUT_MS__ = 1_500;
    });
    await page.route('**/app/v1/anonymous/page', async (route) => {
      await new Promise((r) => setTimeout(r, 3_000));
      await route.continue().catch(() => undefined);
    });
    await page.goto('/about-us');
    const dialog = page.locator('.adm-dialog');
    await dialog.getByText('Tips').waitFor({ timeout: 10_000 });
    await dialog.getByText('The request has timed out, please try again later').waitFor();
    await snap(page, 'journey-timeout-dialog');
    await dialog.getByText('OK').click();
    await page.getByRole('button', { name: 'Try again' }).waitFor();
  });

  it('resets a forgotten password with an SMS code, then logs in with the new one', async () => {
    const { page } = await newPage();
    await page.goto('/auth/login');
    await page.getByTestId('to-forget').or(page.getByText('Forgot password?')).first().click();
    await page.waitForURL(/\/auth\/forget/);
    await fill(page, 'mobile', phone);
    // One code per phone per resend gap: wait out what is left since the registration code.
    const wait = phoneCodeSentAt + SMS_RESEND_MS + 1_500 - Date.now();
    if (wait > 0) await page.waitForTimeout(wait);
    const before = new Date(Date.now() - 1_000).toISOString();
    await page.getByTestId('send-code').click();
    const code = await latestSmsCode(stack.baseUrl, phone, before);
    await fill(page, 'code', code);
    await fill(page, 'password', 'brand-new-9');
    await snap(page, 'journey-forget-1-form');
    await submit(page, 'Set new password');
    await page.waitForURL(/\/auth\/login/);

    await page.locator('.auth-tabs').getByText('Phone').click();
    await page.getByTestId('toggle-phone-password').click();
    await fill(page, 'mobile', phone);
    await fill(page, 'password', 'phone-pass-1');
    await submit(page, 'Log in');
    await page.getByText('Wrong account or password').waitFor();
    await fill(page, 'password', 'brand-new-9');
    await snap(page, 'journey-forget-2-login');
    await submit(page, 'Log in');
    await expectLoggedIn(page);
    await snap(page, 'journey-forget-3-logged-in');
  }, 150_000);
});
