/**
 * Issue 13: phone numbers typed the usual way with a country picker, the deposit-limits field under
 * the money-input rule, the greeting of a new and a returning player, the seeded demo history and
 * the rewritten content, against the real server and the built app at 390×844.
 * Screenshots: screenshots/phone-*.png.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatPhone } from '@playhall/contract';
import { hasChromium, latestSmsCode, snap, useStackPage } from './harness.ts';

/** A Brazilian mobile unique in the run: its digits and how a person writes it. */
function brazilianMobile() {
  const n = String(Date.now()).slice(-8);
  return { digits: `55119${n}`, local: `(11) 9${n.slice(0, 4)}-${n.slice(4)}`, international: `+55 11 9${n.slice(0, 4)}-${n.slice(4)}` };
}

const fieldError = (page: Page) => page.locator('.adm-form-item-feedback-error').first();

describe.skipIf(!hasChromium)('phone numbers and content (issue 13)', () => {
  const fixture = useStackPage();
  let page: Page;
  beforeAll(() => ({ page } = fixture));
  const phone = brazilianMobile();

  it('registers with "(11) 9…-…" typed as usual after picking the country, and greets the new player as new', async () => {
    await page.goto('/auth/register');
    await page.locator('.auth-tabs').getByText('Phone').click();
    const country = page.getByTestId('phone-country');
    await expect(country.innerText()).resolves.toMatch(/BR\s*\+55/);

    // Nonsense is refused with the rule's message.
    await page.locator('input#mobile').fill('12ab');
    await page.locator('input#password').focus();
    await expect(fieldError(page).innerText()).resolves.toBe('Use digits only (spaces, dashes, dots and brackets are fine)');
    await snap(page, 'phone-register-phone-nonsense', 300);

    // Picking Thailand makes the Brazilian number too long for it; picking Brazil accepts it.
    await country.click();
    await page.getByTestId('phone-country-TH').click();
    await expect(country.innerText()).resolves.toMatch(/TH\s*\+66/);
    await page.locator('input#mobile').fill(phone.local);
    await expect(fieldError(page).innerText()).resolves.toMatch(/too long/);
    await country.click();
    await page.getByRole('listbox').waitFor();
    await snap(page, 'phone-register-phone-country-picker', 300);
    await page.getByTestId('phone-country-BR').click();
    await expect(country.innerText()).resolves.toMatch(/BR\s*\+55/);
    await expect(page.locator('input#mobile').inputValue()).resolves.toBe(phone.local);
    await expect(page.locator('.adm-form-item-feedback-error').count()).resolves.toBe(0);

    const before = new Date(Date.now() - 5_000).toISOString();
    await page.getByTestId('send-code').click();
    await page.getByText(/Resend in \d+s/).waitFor();
    // The server received the normalised number: the code went to +55 11 9….
    const code = await latestSmsCode(fixture.stack.baseUrl, phone.digits, before);
    await page.locator('input#code').fill(code);
    await page.locator('input#password').fill('phone-pass-1');
    await snap(page, 'phone-register-phone-formatted', 300);
    await page.locator('button[type="submit"]', { hasText: 'Create account' }).click();
    await page.getByTestId('balance-pill').waitFor({ timeout: 15_000 });

    await page.goto('/');
    await expect(page.getByTestId('hero-greeting').innerText()).resolves.toMatch(/^welcome aboard$/i);
    await page.getByTestId('hero').scrollIntoViewIfNeeded();
    await snap(page, 'phone-home-new-player', 300);
    // The profile writes the bound phone as people read it, not as bare digits.
    await page.goto('/member/profile');
    await page.getByText(formatPhone(phone.digits), { exact: true }).waitFor();
  });

  it('logs in with the number typed internationally and greets the returning player with welcome back', async () => {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto('/auth/login?type=phone');
    await page.getByTestId('toggle-phone-password').click();
    await page.locator('input#mobile').fill(phone.international);
    await page.locator('input#password').fill('phone-pass-1');
    await snap(page, 'phone-login-phone-international', 300);
    await page.locator('button[type="submit"]', { hasText: 'Log in' }).click();
    await page.getByTestId('balance-pill').waitFor({ timeout: 15_000 });
    await page.goto('/');
    await expect(page.getByTestId('hero-greeting').innerText()).resolves.toMatch(/welcome back/i);
  });

  it('the demo player has a seeded history, and the limits field refuses 10.5 with the money rule\'s message', async () => {
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await page.goto('/auth/login?type=account');
    await page.locator('input#account').fill('demo');
    await page.locator('input#password').fill('playhall123');
    await page.locator('button[type="submit"]', { hasText: 'Log in' }).click();
    await page.getByTestId('balance-pill').waitFor({ timeout: 15_000 });
    await page.goto('/');
    await expect(page.getByTestId('balance-pill').innerText()).resolves.not.toMatch(/^\s*0\s*$/);
    await expect(page.getByTestId('hero-greeting').innerText()).resolves.toMatch(/welcome back/i);
    await page.getByTestId('hero').scrollIntoViewIfNeeded();
    await snap(page, 'phone-home-demo', 300);

    await page.goto('/member/limits');
    const day = page.locator('input#limit-day');
    await day.fill('10.5');
    await expect(day.inputValue()).resolves.toBe('10.5');
    await expect(page.getByTestId('limit-day-message').innerText()).resolves.toBe('Whole coins only: remove the decimals');
    await page.getByTestId('limits-save').click();
    await page.waitForTimeout(400);
    await expect(page.getByTestId('limit-day-status').innerText()).resolves.toBe('No limit set');
    await snap(page, 'phone-limits-10.5', 300);
    await day.fill('0');
    await expect(page.getByTestId('limit-day-message').innerText()).resolves.toBe('The minimum is 1');
  });

  it('shows content that describes the product today, with the FAQ linking to the verify page', async () => {
    await page.goto('/faq');
    await page.getByText('How do I check an Originals round?').click();
    const link = page.getByRole('link', { name: 'verify page' });
    await link.waitFor();
    await snap(page, 'phone-faq-provably-fair', 300);
    const text = await page.locator('.faq-list').innerText();
    expect(text).not.toMatch(/bonus|VIP|self-exclu/i);
    await link.click();
    await page.waitForURL(/\/originals\/verify/);

    await page.goto('/terms-of-use');
    await page.locator('.content-title', { hasText: 'Terms of use' }).waitFor();
    expect(await page.locator('.rich-text h2').count()).toBeGreaterThanOrEqual(5);
    expect(await page.locator('.rich-text h2', { hasText: 'Who may play' }).innerText()).toBe('Who may play');
    await expect(page.locator('.rich-text').innerText()).resolves.not.toMatch(/bonus|self-exclu|wagering/i);
    await snap(page, 'phone-terms', 300);
    await page.goto('/privacy-policy');
    await page.locator('.content-title', { hasText: 'Privacy policy' }).waitFor();
    await snap(page, 'phone-privacy', 300);
    await page.goto('/about-us');
    await page.locator('.content-title', { hasText: 'About us' }).waitFor();
    await expect(page.locator('.rich-text').innerText()).resolves.not.toMatch(/bonus|tasks|VIP|around the clock/i);
    await snap(page, 'phone-about', 300);

    await page.goto('/download');
    await page.locator('.content-title').waitFor();
    const body = await page.locator('.page').innerText();
    expect(body.match(/Add to Home/gi)?.length).toBe(2);
    expect(await page.locator('.rich-text li').count()).toBe(4);
    await snap(page, 'phone-download', 300);

    await page.goto('/service');
    await page.getByText('Help centre (FAQ)').waitFor();
    expect(await page.getByText(/Telegram/).count()).toBe(0);
    await snap(page, 'phone-service', 300);
  });
});
