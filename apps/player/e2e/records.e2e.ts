/**
 * Wallet records against the real server and the built app at 390×844: the empty state of a new
 * player, a sandbox deposit that shows up as a credited record, and the list ending in 'No more'.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { hasChromium, snap, registerPlayer, useStackPage, type Stack } from './harness.ts';

describe.skipIf(!hasChromium)('wallet records journeys', () => {
  const fixture = useStackPage();
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;
  beforeAll(() => ({ stack, context, page } = fixture));

  it('a new player sees an empty state that leads to a deposit', async () => {
    await registerPlayer(page, 'rec');
    await page.locator('.tab-bar').getByText('Me', { exact: true }).click();
    await page.getByTestId('records-item').click();
    await page.waitForURL(/\/wallets\/record$/);
    await page.getByTestId('records-empty').waitFor();
    await page.getByText('No records match these filters').waitFor();
    await snap(page, 'records-1-empty-filtered');
    await page.getByRole('radio', { name: 'All time' }).click();
    await page.getByText('No wallet records yet').waitFor();
    await snap(page, 'records-2-empty');
    await page.getByTestId('records-deposit').click();
    await page.waitForURL(/\/wallets\?name=deposit/);
    await page.getByTestId('amount-chip').first().waitFor();
  });

  it('after a sandbox deposit the record shows the credited amount, and the list ends with No more', async () => {
    await page.getByTestId('amount-chip').filter({ hasText: /^50$/ }).click();
    await page.getByTestId('deposit-submit').click();
    await page.waitForURL(/\/sandbox\/pay\/DP/);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL(/\/wallets\?name=deposit&orderId=DP/);
    await page.getByText('Deposit credited').waitFor({ timeout: 20_000 });
    await page.getByTestId('records-link').click();
    await page.waitForURL(/\/wallets\/record$/);
    const row = page.getByTestId('record').first();
    await row.waitFor();
    await expect(row.getAttribute('data-kind')).resolves.toBe('deposit');
    await expect(row.getByTestId('record-amount').innerText()).resolves.toBe('+50');
    await expect(row.innerText()).resolves.toContain('Deposit credited');
    await expect(page.getByTestId('record').count()).resolves.toBe(1);
    await page.getByTestId('records-end').filter({ hasText: 'No more' }).waitFor();
    await snap(page, 'records-3-after-deposit');
    // The kind filter narrows the list: no game rounds yet.
    await page.getByRole('radio', { name: 'Game' }).click();
    await page.getByTestId('records-empty').waitFor();
    await page.getByRole('radio', { name: 'Deposit' }).click();
    await page.getByTestId('record').first().waitFor();
    await snap(page, 'records-4-deposit-filter');
  });

  it('shows the records in pt-BR and th-TH', async () => {
    for (const [lang, title, end] of [['pt-BR', 'Extrato da carteira', 'Não há mais'], ['th-TH', 'ประวัติกระเป๋าเงิน', 'ไม่มีรายการเพิ่มเติม']] as const) {
      await context.addCookies([{ name: 'lang', value: lang, url: stack.baseUrl }]);
      await page.goto('/wallets/record');
      await page.getByText(title).first().waitFor();
      await page.getByTestId('records-end').filter({ hasText: end }).waitFor();
      await snap(page, `records-5-${lang}`);
    }
    await context.addCookies([{ name: 'lang', value: 'en-US', url: stack.baseUrl }]);
  });

  it('loads the next page on scroll and then ends with No more', async () => {
    // 11 safebox moves through the real call: 22 more entries, so 23 in all (page size 20).
    const codes = await page.evaluate(async () => {
      const out: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await fetch('/app/v1/safeboxDeposit', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
          body: JSON.stringify({ channel: 'WEB', appVersion: '1.1.2', platform: 0, amount: 100, requestId: `e2e-rec-${i}` }),
        });
        out.push(((await res.json()) as { code: number }).code);
      }
      return out;
    });
    expect(codes).toEqual(Array(11).fill(200));
    await page.goto('/wallets/record');
    await page.getByTestId('record').first().waitFor();
    await expect(page.getByText('Moved to safebox').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByTestId('record').count()).resolves.toBe(20);
    await page.locator('.adm-infinite-scroll').scrollIntoViewIfNeeded();
    await page.getByTestId('records-end').filter({ hasText: 'No more' }).waitFor({ timeout: 10_000 });
    await expect(page.getByTestId('record').count()).resolves.toBe(23);
    await expect(page.getByTestId('record').last().getByTestId('record-amount').innerText()).resolves.toBe('+50');
    await snap(page, 'records-6-paged-end');
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'records-7-safebox-moves');
  });
});
