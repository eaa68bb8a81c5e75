/**
 * The deposit amount field against the real server and the built app (decision 025): what the
 * player types stays as typed, and a refused amount is said under the field, never offered on the button.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, registerPlayer, snap, useStackPage } from './harness.ts';

async function typeAmount(page: Page, text: string) {
  await page.locator('input#deposit-amount').fill(text);
  await expect(page.locator('input#deposit-amount').inputValue()).resolves.toBe(text);
}

const message = (page: Page) => page.getByTestId('deposit-amount-message').innerText();
const button = (page: Page) => page.getByTestId('deposit-submit').innerText();

describe.skipIf(!hasChromium)('money input', () => {
  const fixture = useStackPage();
  let page: Page;
  beforeAll(() => ({ page } = fixture));

  it('refuses 10.5, 1e5 and 0 with their own messages and offers only a valid amount', async () => {
    await registerPlayer(page, 'mi');
    await page.getByTestId('topbar-deposit').click();
    await page.waitForURL(/\/wallets\?name=deposit$/);
    await page.getByTestId('amount-chip').first().waitFor();

    for (const size of [{ width: 390, height: 844 }, { width: 360, height: 740 }]) {
      await page.setViewportSize(size);
      const tag = `${size.width}x${size.height}`;
      await typeAmount(page, '10.5');
      await expect(message(page)).resolves.toBe('Whole coins only: remove the decimals');
      await expect(button(page)).resolves.toBe('Deposit');
      await snap(page, `money-input-10.5-${tag}`);

      await typeAmount(page, '1e5');
      await expect(message(page)).resolves.toBe('Enter the amount in digits, like 50');
      await expect(button(page)).resolves.toBe('Deposit');
      await snap(page, `money-input-1e5-${tag}`);

      await typeAmount(page, '0');
      await expect(message(page)).resolves.toBe('The minimum is 10');
      await expect(button(page)).resolves.toBe('Deposit');
      await snap(page, `money-input-0-${tag}`);

      await typeAmount(page, '105');
      await expect(button(page)).resolves.toBe('Deposit 105');
      await expect(message(page)).resolves.toMatch(/^From 10 to [\d,]+ coins$/);
      await snap(page, `money-input-105-${tag}`);
    }

    // A refused amount is not sent: the tap stays on the deposit screen.
    await typeAmount(page, '10.5');
    await page.getByTestId('deposit-submit').click();
    await page.waitForTimeout(500);
    expect(page.url()).toMatch(/\/wallets\?name=deposit$/);
  });
});
