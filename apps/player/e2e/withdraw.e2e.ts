/**
 * Withdrawal journey against the real server, the built app, the sandbox provider and the operator
 * CLI, at 390×844: the blocked withdraw screen of a new player, a sandbox deposit, a receiving
 * account added from the checklist, a request held at once (balance lowered) and paid after an
 * operator approves it, then a rejected one and a failed payout that both give the amount back,
 * the accounts list up to its maximum, and the screens in pt-BR and th-TH at 360 px.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { hasChromium, registerPlayer, snap as snapNow, useStackPage, type Stack } from './harness.ts';

/** Screenshots without a success toast from the step before lying over the screen. */
async function snap(page: Page, name: string) {
  await page.waitForFunction(() => [...document.querySelectorAll('.adm-toast-main')].every((e) => e.getClientRects().length === 0), null, { timeout: 5000 });
  await snapNow(page, name);
}

const pill = (page: Page, coins: number) => page.getByTestId('balance-pill').filter({ hasText: new RegExp(`^\\s*${coins}\\s*$`) });
const orderIdOf = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;

async function openWithdraw(page: Page) {
  await page.getByTestId('wallet-switch-withdraw').click();
  await page.waitForURL(/\/wallets\?name=withdraw/);
  await page.getByTestId('withdraw-balance').waitFor();
}

/** Types an amount, confirms it in the dialog and waits for the request's page. */
async function requestWithdrawal(page: Page, coins: string, shot?: string) {
  await page.locator('input#withdraw-amount').fill(coins);
  await page.getByTestId('withdraw-submit').click();
  await page.getByTestId('withdraw-confirm').waitFor();
  if (shot) await snap(page, shot);
  await page.getByRole('button', { name: 'Withdraw now' }).click();
  await page.waitForURL(/\/withdrawal\/WD[0-9A-F]{20}$/);
  await page.locator('[data-testid="withdrawal"][data-status="pending"]').waitFor();
  return orderIdOf(page);
}

/** Opens a request from the withdraw screen's recent list (a client-side navigation, no reload). */
async function openRecent(page: Page, orderId: string, status: string) {
  await page.getByTestId('withdrawal-back').click();
  await page.getByTestId('recent-withdrawals').waitFor();
  await page.locator(`a[href="/withdrawal/${orderId}"]`).click();
  await page.locator(`[data-testid="withdrawal"][data-status="${status}"]`).waitFor({ timeout: 15_000 });
}

/** Saves a receiving account through the player's own session (to fill the list quickly). */
async function addAccountByApi(page: Page, accountNo: string) {
  return page.evaluate(async (no) => {
    const res = await fetch('/app/v1/addBankInfo', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
      body: JSON.stringify({ channel: 'WEB', appVersion: '1.1.2', platform: 0, typeId: 1, accountName: 'Ana Souza', accountNo: no }),
    });
    return ((await res.json()) as { code: number }).code;
  }, accountNo);
}

describe.skipIf(!hasChromium)('withdrawal journey', () => {
  const fixture = useStackPage();
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;
  let paidId = '';
  beforeAll(() => ({ stack, context, page } = fixture));

  it('a new player sees why nothing can be withdrawn, and an empty accounts list', async () => {
    await registerPlayer(page, 'wd');
    await page.goto('/wallets?name=deposit');
    await page.getByTestId('amount-chip').first().waitFor();
    await openWithdraw(page);
    const checklist = page.getByTestId('withdraw-checklist');
    await checklist.getByText('Why you cannot withdraw yet').waitFor();
    await checklist.getByText('Add a receiving account to withdraw to.').waitFor();
    await checklist.getByText('The smallest withdrawal is 20; you can withdraw 0 now.').waitFor();
    await expect(page.getByTestId('withdraw-form').count()).resolves.toBe(0);
    await snap(page, 'withdraw-1-blocked-new-player');

    await page.goto('/wallets/card/list');
    await page.getByTestId('cards-empty').getByText('No receiving account yet').waitFor();
    await snap(page, 'withdraw-2-cards-empty');
  });

  it('deposits 50 through the sandbox page and sees it withdrawable', async () => {
    await page.goto('/wallets?name=deposit');
    await page.getByTestId('amount-chip').filter({ hasText: /^50$/ }).click();
    await page.getByTestId('deposit-submit').click();
    await page.waitForURL(/\/sandbox\/pay\/DP/);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.getByText('Deposit credited').waitFor({ timeout: 20_000 });
    await pill(page, 50).waitFor({ timeout: 10_000 });
    await openWithdraw(page);
    await page.getByTestId('withdraw-exchange').filter({ hasText: /^50$/ }).waitFor();
    // Only the missing account is left on the list.
    await expect(page.getByTestId('withdraw-checklist').locator('li').count()).resolves.toBe(1);
  });

  it('adds a PIX account from the checklist: errors inline first, then back on the withdraw screen', async () => {
    await page.getByTestId('check-add-account').click();
    await page.waitForURL(/\/wallets\/card\/edit\?redirect=/);
    await page.getByTestId('account-form').waitFor();
    await page.getByTestId('account-save').click();
    await page.getByText("Enter the account holder's name").waitFor();
    await page.getByText('Enter the account number').waitFor();
    await page.locator('input#account-name').fill('Ana 2');
    await page.locator('input#account-no').fill('123');
    await page.getByTestId('account-save').click();
    await page.getByText("Use letters, spaces and . ' - only").waitFor();
    await page.getByText('The number must be 6 to 30 characters').waitFor();
    await snap(page, 'withdraw-3-card-edit-errors');

    await page.locator('input#account-name').fill('Ana Souza');
    await page.locator('input#account-no').fill('123.456.789-01');
    await page.getByTestId('account-save').click();
    await page.getByText('Account •••• 9-01 saved').waitFor();
    await page.waitForURL(/\/wallets\?name=withdraw$/);
    await page.getByTestId('withdraw-form').waitFor();
    await expect(page.getByTestId('withdraw-checklist').count()).resolves.toBe(0);
    const option = page.getByTestId('account-option');
    await expect(option.getAttribute('aria-checked')).resolves.toBe('true');
    await expect(option.getByTestId('account-masked').innerText()).resolves.toBe('•••• 9-01');
    await snap(page, 'withdraw-4-ready');
  });

  it('checks the amount on the screen, then requests 30: held at once, the top bar follows', async () => {
    await page.locator('input#withdraw-amount').fill('10');
    await page.getByTestId('withdraw-submit').click();
    await page.getByText('The minimum for PIX is 20').waitFor();
    await page.locator('input#withdraw-amount').fill('60');
    await page.getByTestId('withdraw-submit').click();
    await page.getByText('You can withdraw up to 50 now').waitFor();
    await page.getByTestId('withdraw-all').click();
    await expect(page.locator('input#withdraw-amount').inputValue()).resolves.toBe('50');

    paidId = await requestWithdrawal(page, '30', 'withdraw-5-confirm');
    await page.getByTestId('step-review').filter({ hasText: 'Review' }).waitFor();
    await expect(page.getByTestId('withdrawal-account').innerText()).resolves.toBe('•••• 9-01');
    await snap(page, 'withdraw-6-pending');
    await page.getByTestId('withdrawal-back').click();
    await pill(page, 20).waitFor({ timeout: 10_000 });
    await page.getByTestId('withdraw-exchange').filter({ hasText: /^20$/ }).waitFor();
    await page.getByTestId('recent-withdrawal').first().getByText('Pending').waitFor();
  });

  it('an operator approves it with the CLI: the request shows paid, and the records show it', async () => {
    const out = await stack.ops('withdrawals', 'approve', paidId);
    expect(out).toContain(paidId);
    await page.locator(`a[href="/withdrawal/${paidId}"]`).click();
    await page.locator('[data-testid="withdrawal"][data-status="paid"]').waitFor({ timeout: 15_000 });
    await page.getByTestId('step-paid').filter({ hasText: 'Paid' }).waitFor();
    await snap(page, 'withdraw-7-paid');

    await page.goto('/wallets/record');
    await page.getByRole('radio', { name: 'Withdrawal' }).click();
    // One row for the request (issue 13 §3): 30 going out, its status now paid.
    const request = page.locator('[data-testid="record"][data-status="paid"]').filter({ hasText: 'Withdrawal requested' });
    await request.waitFor();
    await expect(request.getByTestId('record-amount').innerText()).resolves.toBe('−30.00');
    await snap(page, 'withdraw-8-records');
  });

  it('a rejected request says why and gives the amount back', async () => {
    await page.goto('/wallets?name=withdraw');
    await page.getByTestId('withdraw-form').waitFor();
    const id = await requestWithdrawal(page, '20');
    await stack.ops('withdrawals', 'reject', id, '--reason', 'The holder name does not match the account');
    await openRecent(page, id, 'rejected');
    await page.getByTestId('withdrawal-reason').filter({ hasText: 'Reason: The holder name does not match the account' }).waitFor();
    await page.getByTestId('withdrawal-returned').waitFor();
    await snap(page, 'withdraw-9-rejected');
    await page.getByTestId('withdrawal-back').click();
    await pill(page, 20).waitFor({ timeout: 10_000 });
  });

  it('a payout the provider refuses fails and gives the amount back', async () => {
    // The sandbox refuses payouts to numbers ending in 0000. Added from the list, not made default.
    await page.getByTestId('manage-accounts').click();
    await page.waitForURL(/\/wallets\/card\/list$/);
    await page.getByTestId('cards-add').click();
    await page.locator('input#account-name').fill('Ana Souza');
    await page.locator('input#account-no').fill('99887760000');
    await page.getByTestId('account-save').click();
    await page.waitForURL(/\/wallets\/card\/list$/);
    await page.getByTestId('saved-account').nth(1).waitFor();
    await expect(page.getByTestId('saved-account').count()).resolves.toBe(2);
    await snap(page, 'withdraw-10-cards');
    await page.goBack();
    await page.waitForURL(/\/wallets\?name=withdraw$/);
    await page.getByTestId('account-option').filter({ hasText: '0000' }).click();
    const id = await requestWithdrawal(page, '20');
    await stack.ops('withdrawals', 'approve', id).catch(() => '');
    await openRecent(page, id, 'failed');
    await page.getByTestId('step-failed').waitFor();
    await page.getByTestId('withdrawal-returned').waitFor();
    await snap(page, 'withdraw-11-failed');
    await page.getByTestId('withdrawal-back').click();
    await pill(page, 20).waitFor({ timeout: 10_000 });
  });

  it('with everything held by a pending request the screen says what is left and blocks', async () => {
    await requestWithdrawal(page, '20');
    await page.getByTestId('withdrawal-back').click();
    await pill(page, 0).waitFor({ timeout: 10_000 });
    await page.getByTestId('withdraw-checklist').getByText('The smallest withdrawal is 20; you can withdraw 0 now.').waitFor();
    await expect(page.getByTestId('withdraw-submit').isDisabled()).resolves.toBe(true);
    await snap(page, 'withdraw-12-blocked-minimum');
  });

  it('the accounts list stops at 5 and says so', async () => {
    for (const no of ['11112222', '33334444', '55556666']) await expect(addAccountByApi(page, no)).resolves.toBe(200);
    await page.goto('/wallets/card/list');
    await page.getByTestId('saved-account').nth(4).waitFor();
    await expect(page.getByTestId('saved-account').count()).resolves.toBe(5);
    await expect(page.getByTestId('cards-add').isDisabled()).resolves.toBe(true);
    await page.getByText('You have saved the most accounts allowed (5). Change one instead.').waitFor();
    await snap(page, 'withdraw-13-cards-full');
    await page.getByTestId('saved-account').first().click();
    await page.waitForURL(/\/wallets\/card\/edit\?id=\d+$/);
    await expect(page.locator('input#account-no').inputValue()).resolves.toBe('');
    await expect(page.locator('input#account-no').getAttribute('placeholder')).resolves.toMatch(/^•••• /);
    await snap(page, 'withdraw-14-card-edit');
  });

  it('a mistyped request id is a 404', async () => {
    await page.goto('/withdrawal/WD123');
    await page.getByTestId('not-found').waitFor();
  });

  it.each([
    ['pt-BR', 'Sacar', 'Contas de recebimento', 'Pago'],
    ['th-TH', 'ถอนเงิน', 'บัญชีรับเงิน', 'จ่ายแล้ว'],
  ])('fits %s at 360 px', async (lang, withdraw, cardsTitle, paid) => {
    await context.addCookies([{ name: 'lang', value: lang, url: stack.baseUrl }]);
    await page.setViewportSize({ width: 360, height: 740 });
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    try {
      await page.goto('/wallets?name=withdraw');
      await page.getByTestId('wallet-switch-withdraw').filter({ hasText: withdraw }).waitFor();
      await page.getByTestId('withdraw-checklist').waitFor();
      await expect(fits()).resolves.toBe(true);
      await snap(page, `withdraw-15-${lang}-360`);
      await page.goto('/wallets/card/list');
      await page.getByText(cardsTitle).first().waitFor();
      await expect(fits()).resolves.toBe(true);
      await snap(page, `withdraw-16-cards-${lang}-360`);
      await page.goto('/wallets/card/edit');
      await page.getByTestId('cards-full').waitFor();
      await page.goto(`/wallets/card/list`);
      await page.getByTestId('saved-account').first().click();
      await page.getByTestId('account-form').waitFor();
      await page.locator('input#account-name').fill('');
      await page.getByTestId('account-save').click();
      await page.locator('.adm-form-item-feedback-error').first().waitFor();
      await expect(fits()).resolves.toBe(true);
      await snap(page, `withdraw-17-card-edit-${lang}-360`);
      await page.goto(`/withdrawal/${paidId}`);
      await page.getByTestId('withdrawal-status').filter({ hasText: paid }).waitFor();
      await expect(fits()).resolves.toBe(true);
      await snap(page, `withdraw-18-paid-${lang}-360`);
    } finally {
      await page.setViewportSize({ width: 390, height: 844 });
      await context.addCookies([{ name: 'lang', value: 'en-US', url: stack.baseUrl }]);
    }
  });
});
