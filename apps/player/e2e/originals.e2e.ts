/**
 * The Originals game screens at 390×844, against their built files with the game API mocked by
 * the engine itself (Playwright `page.route`): a demo session, real engine outcomes from real
 * seeds. Screenshots mid-animation and after the round go to screenshots/originals-*.png.
 * (The journey against the real game server belongs with the server's routes.)
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, PHONE, snap } from './harness.ts';
import { nextRound } from '../../../packages/fairness/src/index.ts';
import { playFairRound } from '../../originals/src/engine/verify-node.ts';
import { money } from '../../originals/src/client/format.ts';
import { mockApi, useOriginalsBrowser, SEEDS, SLOT_BET, START_BALANCE, type MockOptions } from './originals-mock.ts';

describe.skipIf(!hasChromium)('Originals game screens (API mocked by the engine)', () => {
  const env = useOriginalsBrowser();

  const open = async (game: string, opts: MockOptions = {}): Promise<Page> => {
    const ctx = await env.browser.newContext(PHONE);
    const page = await ctx.newPage();
    await page.route('**/originals/api/**', mockApi(game, opts));
    await page.goto(`${env.base}/originals/play/${game}?token=launch-token-0123456789&mode=demo&lang=en-US`);
    await page.getByTestId('action').waitFor();
    expect(new URL(page.url()).searchParams.get('token')).toBeNull(); // the one-time token left the address bar
    return page;
  };

  it('Fortune Reels spins, stops, and shows the win', async () => {
    const page = await open('slot');
    await expect(page.getByTestId('balance').textContent()).resolves.toContain('1,000.00');
    const win = playFairRound('slot', nextRound(SEEDS).seeds, { bet: SLOT_BET }).totalWin;
    await page.getByTestId('action').click();
    await page.waitForTimeout(500);
    await snap(page, 'originals-slot-spinning');
    expect(await page.getByTestId('action').isDisabled()).toBe(true); // one spin at a time
    await page.waitForFunction(() => !(document.querySelector('[data-testid=action]') as HTMLButtonElement).disabled, null, { timeout: 15_000 });
    await expect(page.getByTestId('win').textContent()).resolves.toBe(money(win));
    await expect(page.getByTestId('balance').textContent()).resolves.toContain(money(START_BALANCE - SLOT_BET + win));
    await snap(page, 'originals-slot-result');
    await page.getByRole('button', { name: 'Rules' }).click();
    await snap(page, 'originals-slot-rules');
  });

  it('Crash flies, then crashes at the revealed point', async () => {
    const page = await open('crash', { crashAt: 180 });
    await page.getByTestId('action').click();
    await page.waitForTimeout(4_000);
    await snap(page, 'originals-crash-flying');
    const mid = Number.parseFloat((await page.getByTestId('readout').textContent()) ?? '0');
    expect(mid).toBeGreaterThan(1.1);
    await page.getByTestId('crash-note').filter({ hasText: 'Crashed at 1.80×' }).waitFor({ timeout: 15_000 });
    await snap(page, 'originals-crash-crashed');
    await page.setViewportSize({ width: 360, height: 740 });
    await snap(page, 'originals-crash-crashed-360');
  });

  it('Crash cash-out names the payout and the profit apart, above the chart', async () => {
    const page = await open('crash', { crashAt: 5_000 });
    await page.locator('#oc-bet-input').fill('5');
    await page.getByTestId('action').click();
    await page.waitForTimeout(2_500);
    await page.getByTestId('action').click();
    await page.getByTestId('crash-note').filter({ hasText: 'Cashed out at' }).waitFor();
    const payout = Math.round(Number.parseFloat(await page.getByTestId('crash-payout').innerText()) * 100);
    expect(payout).toBeGreaterThan(500);
    await expect(page.getByTestId('crash-note').innerText()).resolves.toContain(`Payout ${money(payout)} · Profit +${money(payout - 500)}`);
    // The figures are above the chart: the rocket never covers them.
    const note = (await page.getByTestId('crash-note').boundingBox())!;
    const rocket = (await page.locator('.oc-rocket').boundingBox())!;
    expect(rocket.y).toBeGreaterThanOrEqual(note.y + note.height);
    await snap(page, 'originals-crash-cashed');
    await page.setViewportSize({ width: 360, height: 740 });
    await snap(page, 'originals-crash-cashed-360');
  });

  it('Mines: gems raise the cash-out, the board is revealed at the end', async () => {
    const page = await open('mines');
    await expect(page.getByTestId('mines-info').innerText()).resolves.toBe('First gem pays 1.09×');
    // The mines count is a stepper, not a native select.
    await expect(page.locator('select').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'More mines' }).click();
    await expect(page.getByTestId('mines-count').innerText()).resolves.toBe('4');
    await page.getByRole('button', { name: 'Fewer mines' }).click();
    await page.getByTestId('action').click();
    // Nothing to cash out before the first gem: no "Cash out 0.00".
    await page.getByTestId('action').filter({ hasText: 'Pick a tile' }).waitFor();
    await expect(page.getByTestId('action').isDisabled()).resolves.toBe(true);
    await page.locator('.oc-tile').nth(12).click();
    await page.waitForTimeout(150);
    await snap(page, 'originals-mines-flip');
    const status = await page.getByTestId('mines-result').textContent();
    if (!status?.includes('Mine')) {
      await page.getByTestId('action').click();
    }
    await page.locator('.oc-board-ended').waitFor();
    // After the round the header says how it ended, not a "Next" beside another multiplier.
    await expect(page.getByTestId('mines-info').innerText()).resolves.toMatch(/^Gems: \d+(\s+Cashed out at \d+\.\d\d×)?$/);
    await snap(page, 'originals-mines-ended');
    await page.setViewportSize({ width: 360, height: 740 });
    await snap(page, 'originals-mines-ended-360');
  });

  it('Dice rolls the number and colours the result', async () => {
    const page = await open('dice');
    await expect(page.getByTestId('chance').textContent()).resolves.toBe('50.00 %');
    await expect(page.getByTestId('multiplier').textContent()).resolves.toBe('1.9300×');
    await page.getByTestId('action').click();
    await page.waitForTimeout(250);
    await snap(page, 'originals-dice-rolling');
    await page.getByTestId('dice-result').locator('span').waitFor();
    // The marker sits above the track, clear of the result line.
    const marker = (await page.locator('.oc-marker').boundingBox())!;
    const result = (await page.getByTestId('dice-result').boundingBox())!;
    expect(marker.y).toBeGreaterThanOrEqual(result.y + result.height);
    await snap(page, 'originals-dice-result');
    await page.setViewportSize({ width: 360, height: 740 });
    await snap(page, 'originals-dice-result-360');
    await page.setViewportSize({ width: 390, height: 844 });
    // Switching to Roll over: the last roll no longer shows as a win or a loss in a zone it was not rolled for.
    await page.getByTestId('direction').click();
    await expect(page.getByTestId('dice-result').innerText()).resolves.toBe('');
    await expect(page.locator('.oc-dice-win, .oc-dice-lose').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Fairness' }).click();
    await snap(page, 'originals-dice-fairness');
  });

  it('Fairness lists the rounds played; each opens the verify page with its own nonce and inputs, which recomputes it', async () => {
    const page = await open('dice', { revealSeeds: true });
    await page.locator('#oc-bet-input').fill('3');
    for (let i = 0; i < 3; i++) {
      await page.getByTestId('action').click();
      await page.getByTestId('dice-result').locator('span').waitFor();
      await page.waitForFunction(() => !(document.querySelector('[data-testid=action]') as HTMLButtonElement).disabled);
    }
    await page.getByRole('button', { name: 'Fairness' }).click();
    const rows = page.getByTestId('round-row');
    await expect.poll(() => rows.count()).toBe(3);
    await expect(rows.nth(2).innerText()).resolves.toContain('#0');
    await snap(page, 'originals-dice-fairness-rounds');
    // The oldest round, not the last one: nonce 0.
    const href = await rows.nth(2).getByTestId('verify-round').getAttribute('href');
    const verify = await page.context().newPage();
    await verify.goto(`${env.base}${href}`);
    await expect(verify.getByRole('heading', { name: 'Verify a round' }).count()).resolves.toBe(1);
    await expect(verify.locator('input[name=nonce]').inputValue()).resolves.toBe('0');
    await expect(verify.locator('input[name=bet]').inputValue()).resolves.toBe('3.00');
    await verify.getByRole('button', { name: 'Verify' }).click();
    const first = playFairRound('dice', nextRound(SEEDS).seeds, { bet: 300, target: 5000, direction: 'under' });
    await expect(verify.getByTestId('verify-roll').innerText()).resolves.toBe((first.roll / 100).toFixed(2));
    await expect(verify.getByTestId('hash-check').innerText()).resolves.toContain('matches');
    await snap(verify, 'originals-verify-round');
    await verify.setViewportSize({ width: 360, height: 740 });
    await snap(verify, 'originals-verify-round-360');
    await verify.getByTestId('verify-back').click();
  });
});
