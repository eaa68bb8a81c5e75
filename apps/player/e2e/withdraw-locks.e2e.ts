/**
 * Issue 14 in a real browser against the real server: the operator starts a sign-up bonus (×3
 * wagering) and a daily sign-in (×2); a new player receives both; the withdraw screen's turnover
 * line names each bonus with the exact amount it locks and the turnover it added, newest first, and
 * the listed amounts add up to the locked figure above them. Snapped at 390×844 and 360×740.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appCall, hasChromium, registerPlayer, snap, startActivity, useStackPage } from './harness.ts';

/** "1,523.00" → 152300: every exact figure of a text, in order. */
const figures = (text: string) => [...text.matchAll(/\d{1,3}(?:,\d{3})*\.\d{2}/g)].map((m) => Number(m[0].replaceAll(',', '').replace('.', '')));

describe.skipIf(!hasChromium)('withdraw screen names the bonuses that lock coin', () => {
  const fixture = useStackPage();
  let page: Page;
  beforeAll(() => ({ page } = fixture));

  it('lists the sign-in and the sign-up bonus, newest first, with exact amounts adding up to the locked figure', async () => {
    const signUp = await startActivity(fixture.stack, { type: 15, name: 'Welcome bonus for new players', sort: 20, settings: { amount: 1_523, multiplier: 3, days: 7 } });
    await startActivity(fixture.stack, { type: 36, name: 'Daily sign-in', sort: 10, settings: { rewards: [123, 150, 200, 250, 300, 350, 1000], multiplier: 2 } });
    await registerPlayer(page, 'lck');
    expect((await appCall(page, 'activityReceive', { activityId: signUp })).code).toBe(200);
    expect((await appCall(page, 'loginBonus3UserReceive', {})).code).toBe(200);

    await page.goto('/wallets?name=withdraw');
    const line = page.getByTestId('check-turnover');
    await line.waitFor();
    await expect(line.locator('.withdraw-check__text').innerText()).resolves.toBe('Wager 48.15 more to unlock 16.46');
    const names = await page.getByTestId('locking-bonus-name').allInnerTexts();
    const lines = await page.getByTestId('locking-bonus-figures').allInnerTexts();
    expect(names).toEqual(['Daily sign-in', 'Welcome bonus for new players']);
    expect(lines).toEqual(['1.23 locked · 2.46 turnover', '15.23 locked · 45.69 turnover']);
    const [, locked] = figures(await line.locator('.withdraw-check__text').innerText());
    const [, required] = figures(await line.locator('.withdraw-check__hint').innerText());
    expect(lines.map((l) => figures(l)[0]!).reduce((a, b) => a + b, 0)).toBe(locked);
    expect(lines.map((l) => figures(l)[1]!).reduce((a, b) => a + b, 0)).toBe(required);

    for (const [w, h] of [[390, 844], [360, 740]] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.getByTestId('withdraw-checklist').scrollIntoViewIfNeeded();
      // Nothing spills sideways: the list fits the screen width.
      const box = await page.getByTestId('locking-bonuses').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(w);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(w);
      await snap(page, `withdraw-locks-${w}x${h}`);
    }
  });
});
