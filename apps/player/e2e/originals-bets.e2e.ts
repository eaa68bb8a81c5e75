/**
 * Issue 13 §1 and §4 in the Originals' own screens at 390×844 (the built files, the game API
 * mocked by the engine, as in originals.e2e.ts): the bet field always shows the stake a tap
 * places (0, 0.001 and 999999 are refused under the field, nothing is staked), the limits are
 * shown before the tap, a stake above half the balance asks once, a restored Mines round shows
 * its own stake, and a demo out of play coins points to Refill and Play for real.
 * Screenshots at 390×844 and 360×740: screenshots/originals-bets-*.png.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, PHONE, snapNarrow } from './harness.ts';
import { mockApi, useOriginalsBrowser, type MockOptions } from './originals-mock.ts';

describe.skipIf(!hasChromium)('Originals bet field: the stake shown is the stake placed', () => {
  const env = useOriginalsBrowser();

  const open = async (game: string, opts: MockOptions = {}): Promise<{ page: Page; stakes: Array<{ path: string; bet: number }> }> => {
    const stakes: Array<{ path: string; bet: number }> = [];
    const page = await (await env.browser.newContext(PHONE)).newPage();
    await page.route('**/originals/api/**', mockApi(game, { confirmStakePct: 50, ...opts, stakes }));
    await page.goto(`${env.base}/originals/play/${game}?token=launch-token-0123456789&mode=${opts.mode ?? 'demo'}&lang=en-US`);
    await page.getByTestId('action').waitFor();
    return { page, stakes };
  };
  const field = (page: Page) => page.locator('#oc-bet-input');
  const help = (page: Page) => page.getByTestId('bet-help');

  it('shows the limits before the first tap', async () => {
    const { page } = await open('dice');
    await expect(field(page).inputValue()).resolves.toBe('1');
    await expect(help(page).innerText()).resolves.toBe('Min 1.00 · Max 1,000.00');
    await snapNarrow(page, 'originals-bets-dice-idle');
  });

  it.each([
    ['0', 'The minimum bet is 1.00'],
    ['0.001', 'Bets are whole coins: remove the decimals'],
    ['999999', 'The maximum bet is 1,000.00'],
  ])('typed %s: the field keeps it, says why under it, and a tap stakes nothing', async (typed, message) => {
    const { page, stakes } = await open('dice');
    await field(page).fill(typed);
    await field(page).press('Enter');
    await page.getByTestId('action').click({ force: true });
    await page.waitForTimeout(400);
    // Nothing staked, and the field still says what was typed: no other stake was put in its place.
    expect(stakes).toEqual([]);
    await expect(field(page).inputValue()).resolves.toBe(typed);
    await expect(help(page).innerText()).resolves.toBe(message);
    await expect(page.getByTestId('action').isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('balance').innerText()).resolves.toContain('1,000.00');
    if (typed === '999999') await snapNarrow(page, 'originals-bets-dice-above-max');
  });

  it('a stake above half the balance asks once: Cancel stakes nothing, the answer is kept for that stake', async () => {
    const { page, stakes } = await open('dice');
    await field(page).fill('600');
    await expect(help(page).innerText()).resolves.toBe('Min 1.00 · Max 1,000.00');
    await page.getByTestId('action').click();
    const dialog = page.getByTestId('confirm-dialog');
    await expect(dialog.innerText()).resolves.toContain('Bet 600.00?');
    await expect(dialog.innerText()).resolves.toContain('60 % of your balance of 1,000.00');
    await snapNarrow(page, 'originals-bets-dice-confirm-stake');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForTimeout(300);
    expect(stakes).toEqual([]);
    await page.getByTestId('action').click();
    await page.getByTestId('confirm-yes').click();
    await expect.poll(() => stakes).toEqual([{ path: '/dice/roll', bet: 60_000 }]);
    await page.getByTestId('dice-result').locator('span').waitFor();
    // 5 is under half of what is left: no question.
    await field(page).fill('5');
    await page.getByTestId('action').click();
    await expect.poll(() => stakes.length).toBe(2);
    expect(stakes[1]).toEqual({ path: '/dice/roll', bet: 500 });
    await expect(page.getByTestId('confirm-dialog').count()).resolves.toBe(0);
  });

  it('a restored Mines round shows its own stake in the field, not the minimum', async () => {
    const { page } = await open('mines', { openMinesBet: 500 });
    await page.getByText('Your open round was restored').waitFor();
    await expect(field(page).inputValue()).resolves.toBe('5');
    await expect(field(page).isDisabled()).resolves.toBe(true);
    await expect(page.getByTestId('action').innerText()).resolves.toMatch(/^Cash out 5\.\d\d$/);
    await snapNarrow(page, 'originals-bets-mines-restored');
  });

  it('a demo out of play coins points to Refill and Play for real, not to a deposit', async () => {
    const { page, stakes } = await open('crash', { balance: 40 });
    const notice = page.getByTestId('demo-out');
    await expect(notice.innerText()).resolves.toContain('Out of play coins. Tap Refill to play on for free.');
    await expect(notice.getByTestId('play-real').innerText()).resolves.toBe('Play for real');
    await page.getByTestId('action').click();
    await page.waitForTimeout(300);
    await expect(page.locator('body').innerText()).resolves.not.toMatch(/deposit/i);
    expect(stakes).toEqual([]);
    await snapNarrow(page, 'originals-bets-crash-demo-out');
    await notice.getByRole('button', { name: 'Refill' }).click();
    await expect.poll(() => page.getByTestId('balance').innerText()).toContain('1,000.00');
    await expect(page.getByTestId('demo-out').count()).resolves.toBe(0);
  });

  it('every game screen with the limits under the bet field (screenshots)', async () => {
    for (const game of ['slot', 'crash', 'mines']) {
      const { page } = await open(game);
      await expect(help(page).innerText()).resolves.toBe('Min 1.00 · Max 1,000.00');
      await snapNarrow(page, `originals-bets-${game}-idle`);
      await page.context().close();
    }
  });
});
