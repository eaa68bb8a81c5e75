/**
 * Deposit journeys against the real server, the built app and the sandbox provider's pay page,
 * at 390×844: pay and see the balance, a declined payment, a daily limit that blocks a deposit.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { hasChromium, snap, registerPlayer, useStackPage, type Stack } from './harness.ts';

const register = (page: Page) => registerPlayer(page, 'dep');

async function openDeposit(page: Page) {
  await page.getByTestId('topbar-deposit').click();
  await page.waitForURL(/\/wallets\?name=deposit$/);
  await page.getByTestId('amount-chip').first().waitFor();
}

async function pickAmount(page: Page, coins: string) {
  await page.getByTestId('amount-chip').filter({ hasText: new RegExp(`^${coins}$`) }).click();
}

async function result(page: Page, status: string, serverLog: () => string) {
  try {
    await page.locator(`[data-testid="deposit-result"][data-status="${status}"]`).waitFor({ timeout: 20_000 });
  } catch (err) {
    throw new Error(`No ${status} result. Server log:\n${serverLog().slice(-4000)}`, { cause: err });
  }
}

describe.skipIf(!hasChromium)('deposit journeys', () => {
  const fixture = useStackPage();
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;
  beforeAll(() => ({ stack, context, page } = fixture));

  it('deposits through the sandbox pay page and sees the balance in the top bar', async () => {
    await register(page);
    await expect(page.getByTestId('balance-pill').innerText()).resolves.toContain('0');
    await openDeposit(page);
    // PIX opens first (the default); its presets start at its minimum of 10.
    await expect(page.getByRole('tab', { selected: true }).innerText()).resolves.toBe('PIX');
    await snap(page, 'deposit-1-form');
    await page.getByRole('tab', { name: 'Bank transfer' }).click();
    await page.getByRole('radio', { name: /Nubank/ }).waitFor();
    await snap(page, 'deposit-2-bank-transfer');
    await page.getByRole('tab', { name: 'PIX' }).click();

    await page.locator('input#deposit-amount').fill('5');
    await page.getByText('The minimum is 10').waitFor();
    await page.locator('input#deposit-amount').fill('');
    await pickAmount(page, '50');
    await page.getByTestId('deposit-submit').click();
    await page.waitForURL(/\/sandbox\/pay\/DP/);
    await expect(page.getByTestId('sandbox-amount').innerText()).resolves.toBe('50');
    await snap(page, 'deposit-3-sandbox-page');
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL(/\/wallets\?name=deposit&orderId=DP/);
    await result(page, 'paid', stack.serverLog);
    await page.getByText('Deposit credited').waitFor();
    await page.getByTestId('balance-pill').filter({ hasText: /^\s*50\s*$/ }).waitFor({ timeout: 10_000 });
    await snap(page, 'deposit-4-credited');
  });

  it('shows a declined payment as failed and leaves the balance alone', async () => {
    await page.getByRole('button', { name: 'Deposit again' }).click();
    await page.getByTestId('amount-chip').first().waitFor();
    // After a first deposit the second minimum (100) applies: smaller presets are gone.
    await expect(page.getByTestId('amount-chip').first().innerText()).resolves.toBe('100');
    await pickAmount(page, '200');
    await page.getByTestId('deposit-submit').click();
    await page.waitForURL(/\/sandbox\/pay\/DP/);
    await page.getByRole('button', { name: 'Decline' }).click();
    await result(page, 'failed', stack.serverLog);
    await page.getByText('Payment declined').waitFor();
    await expect(page.getByTestId('balance-pill').innerText()).resolves.toMatch(/^\s*50\s*$/);
    await snap(page, 'deposit-5-declined');
  });

  it('a daily limit below the amount blocks the deposit with the limit and what is left', async () => {
    await page.locator('.tab-bar').getByText('Me', { exact: true }).click();
    await page.getByTestId('limits-item').click();
    await page.locator('input#limit-day').waitFor();
    await page.locator('input#limit-day').fill('150');
    await page.getByTestId('limits-save').click();
    await page.getByText('Limits saved').waitFor();
    await page.getByTestId('limit-day-status').filter({ hasText: 'Left' }).waitFor();
    await page.locator('input#limit-day').fill('900');
    await page.getByTestId('limits-save').click();
    await page.getByTestId('limit-day-pending').waitFor();
    await snap(page, 'deposit-6-limits');

    await page.goto('/wallets?name=deposit&back=1');
    await page.getByTestId('limits-summary').waitFor();
    await pickAmount(page, '200');
    await page.getByTestId('deposit-submit').click();
    // Checked on the screen against the player's limits (the server checks again, see the server tests).
    await page.getByText('Daily limit of 150 reached: you can deposit up to 100 more now').waitFor();
    await snap(page, 'deposit-7-limit-blocked');
    expect(new URL(page.url()).pathname).toBe('/wallets');
  });

  it('"Approve after 10 s" returns at once, shows the wait, then the credit', async () => {
    await page.goto('/wallets?name=deposit');
    await page.getByRole('tab', { name: 'E-wallet' }).click();
    await page.locator('input#deposit-amount').fill('100');
    await page.getByTestId('deposit-submit').click();
    await page.waitForURL(/\/sandbox\/pay\/DP/);
    await page.getByRole('button', { name: 'Approve after 10 s' }).click();
    await result(page, 'pending', stack.serverLog);
    await page.getByText('Waiting for the payment').waitFor();
    await snap(page, 'deposit-8-waiting');
    await result(page, 'paid', stack.serverLog);
    await page.getByTestId('balance-pill').filter({ hasText: /^\s*150\s*$/ }).waitFor({ timeout: 10_000 });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/wallets?name=deposit');
    await page.getByTestId('amount-chip').first().waitFor();
    const bar = await page.locator('.top-bar').boundingBox();
    const deposit = await page.getByTestId('topbar-deposit').boundingBox();
    expect(deposit!.x + deposit!.width).toBeLessThanOrEqual(bar!.x + bar!.width);
    await snap(page, 'deposit-layout-360x740');
    await page.setViewportSize({ width: 390, height: 844 });
  });

  it.each([
    ['pt-BR', 'Depositar', 'Jogo responsável'],
    ['th-TH', 'ฝากเงิน', 'การเล่นอย่างรับผิดชอบ'],
  ])('shows the deposit and limits screens in %s', async (lang, deposit, limitsTitle) => {
    await context.addCookies([{ name: 'lang', value: lang, url: stack.baseUrl }]);
    await page.goto('/wallets?name=deposit');
    await page.getByTestId('topbar-deposit').filter({ hasText: deposit }).waitFor();
    await page.getByTestId('amount-chip').first().waitFor();
    await snap(page, `deposit-9-form-${lang}`);
    await page.goto('/member/limits');
    await page.getByText(limitsTitle).first().waitFor();
    await snap(page, `deposit-10-limits-${lang}`);
    await context.addCookies([{ name: 'lang', value: 'en-US', url: stack.baseUrl }]);
  });

  it('sends a logged-out visitor to login, and name=withdraw shows the withdraw view', async () => {
    const guest = await stack.newContext();
    const guestPage = await guest.newPage();
    await guestPage.goto('/wallets?name=deposit');
    await guestPage.waitForURL(/\/auth\/login/);
    await guest.close();
    await page.goto('/wallets?name=withdraw');
    await page.getByTestId('withdraw-exchange').filter({ hasText: /^150$/ }).waitFor();
    await expect(page.getByTestId('wallet-switch-withdraw').getAttribute('aria-current')).resolves.toBe('page');
    await expect(page.getByTestId('not-found').count()).resolves.toBe(0);
  });
});
