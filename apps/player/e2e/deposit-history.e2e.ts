/**
 * Deposit history against the real server, the built app and the sandbox provider at 390×844
 * (issue 13 §3): a declined payment and an abandoned one stay in the player's history with their
 * status, next to the credited one, reachable from the deposit page. The server here lets an order
 * wait 8 s for its payment (DEPOSIT_ORDER_TTL_SECONDS) so an abandoned order expires during the test.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, registerPlayer, snap, useStackPage } from './harness.ts';

const TTL_SECONDS = 8;
process.env.DEPOSIT_ORDER_TTL_SECONDS = String(TTL_SECONDS);

/** Picks a preset amount on the deposit page and goes to the sandbox pay page; answers the order id. */
async function startDeposit(page: Page, coins: string): Promise<string> {
  await page.goto('/wallets?name=deposit');
  await page.getByTestId('amount-chip').filter({ hasText: new RegExp(`^${coins}$`) }).click();
  await page.getByTestId('deposit-submit').click();
  await page.waitForURL(/\/sandbox\/pay\/DP/);
  return new URL(page.url()).pathname.split('/').pop()!;
}

describe.skipIf(!hasChromium)('deposit history', () => {
  const fixture = useStackPage();
  let page: Page;
  beforeAll(() => ({ page } = fixture));

  it('keeps credited, declined and expired orders with their status, newest first', async () => {
    await registerPlayer(page, 'dh');
    const declined = await startDeposit(page, '100');
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/wallets\?name=deposit&orderId=DP/);
    await page.locator('[data-testid="deposit-result"][data-status="failed"]').waitFor({ timeout: 20_000 });

    const abandoned = await startDeposit(page, '200');
    // The player leaves the pay page without paying.
    const paid = await startDeposit(page, '50');
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.locator('[data-testid="deposit-result"][data-status="paid"]').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(TTL_SECONDS * 1000);

    await page.goto('/wallets?name=deposit');
    await page.getByTestId('deposit-history-open').click();
    const rows = page.getByTestId('deposit-order');
    await rows.first().waitFor();
    await page.getByTestId('deposit-history-end').waitFor();
    await expect(rows.count()).resolves.toBe(3);
    const seen = await rows.evaluateAll((els) => els.map((e) => [
      e.getAttribute('data-status'),
      e.querySelector('[data-testid="deposit-order-amount"]')?.textContent,
      e.querySelector('[data-testid="deposit-order-status"]')?.textContent,
      e.textContent?.match(/DP[0-9A-F]{20}/)?.[0],
    ]));
    expect(seen).toEqual([
      ['paid', '50.00', 'Credited', paid],
      ['expired', '200.00', 'Expired', abandoned],
      ['failed', '100.00', 'Declined', declined],
    ]);
    await snap(page, 'deposit-history-1-all');

    // Each status on its own.
    await page.getByRole('radio', { name: 'Declined' }).click();
    await rows.filter({ hasText: declined }).waitFor();
    await expect(rows.count()).resolves.toBe(1);
    await page.getByRole('radio', { name: 'Expired' }).click();
    await rows.filter({ hasText: abandoned }).waitFor();
    await expect(rows.count()).resolves.toBe(1);
    await snap(page, 'deposit-history-2-expired');
    await page.getByRole('radio', { name: 'Waiting for payment' }).click();
    await page.getByTestId('deposit-history-empty').waitFor();

    await page.getByTestId('deposit-history-close').click();
    await page.getByTestId('deposit-history-open').waitFor();
    await snap(page, 'deposit-history-3-deposit-page');
  });
});
