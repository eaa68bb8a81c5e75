/**
 * Lucky jackpot journey (issue 18 §3) against the real server and the built app at 390×844: the
 * operator starts the lucky jackpot (activity 47) through the operator CLI; a new player sees the
 * bubble on home, its guide tip on the first tap, the jackpot modal saying a deposit is needed
 * (button inert); deposits; draws and watches the grid run 4-6 s and stop on the server's cell;
 * the award popup says exactly what was paid and the balance shows it. The operator then makes
 * the table always hit the Mini tier: the next draw shows JACKPOT!, the tier wheel stops on Mini
 * and the amount popup says what the Mini pool paid. Rank and records open (records link each
 * draw to the verify page); /activity/jackpot and /rank are pages. Screens at 390×844 and 360×740.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appCall, hasChromium, playOriginal, registerPlayer, sandboxDeposit, snap, snapNarrow, startActivity, useStackPage, type Stack } from './harness.ts';

const exact = (h: number) => `${Math.floor(h / 100).toLocaleString('en-US')}.${String(h % 100).padStart(2, '0')}`;

const tiers = {
  mega: { contributionPpm: 5_000, seed: 250_000, section: { min: 250_000, max: 10_000_000 } },
  major: { contributionPpm: 3_000, seed: 50_000, section: { min: 50_000, max: 1_000_000 } },
  minor: { contributionPpm: 2_000, seed: 10_000, section: { min: 10_000, max: 200_000 } },
  mini: { contributionPpm: 1_000, seed: 2_500, section: { min: 2_500, max: 50_000 } },
};
/** Eight cells; `win` is the only entry with a weight, so every draw hits it (the others are shown, never drawn). */
const table = (win: number) => [
  { id: 1, type: 1, propId: 2001, count: 100 },
  { id: 2, type: 2, propId: 50004, count: 1 },
  { id: 3, type: 1, propId: 2001, count: 500 },
  { id: 4, type: 1, propId: 2002, count: 20 },
  { id: 5, type: 2, propId: 50003, count: 1 },
  { id: 6, type: 1, propId: 2001, count: 1_000 },
  { id: 7, type: 2, propId: 50002, count: 1 },
  { id: 8, type: 2, propId: 50001, count: 1 },
].map((e) => ({ ...e, weight: e.id === win ? 1 : 0 }));
const settings = (win: number) => ({
  awards: table(win),
  tiers,
  earn: { deposit: { minAmount: 10_000, chances: 3 }, dailyBet: [] },
  needDeposit: 'ever',
  minIntervalMs: 0,
  multiplier: 1,
});

type DrawInfo = { chances: number; canReceiveDrawChance: boolean; miniJackpot: number; jackpotAwardConfigList: { id: number; weight: number }[] };

describe.skipIf(!hasChromium)('lucky jackpot journey', () => {
  const fixture = useStackPage();
  let stack: Stack;
  let page: Page;
  let activityId = 0;
  const coin = async () => (await appCall<{ coin: number }>(page, 'refreshData', {})).data.coin;
  const drawInfo = async () => (await appCall<DrawInfo>(page, 'getJackpotDrawInfo', {})).data;
  beforeAll(() => {
    ({ stack, page } = fixture);
  });

  /**
   * Taps DRAW and follows the grid's light frame by frame (its transform): every change of cell
   * with its time, until the award popup shows. Answers the cells lit, the spin's time and the
   * frames' longest gap.
   */
  async function drawAndWatch() {
    await page.evaluate(() => {
      const w = window as unknown as { __spin: { cells: string[]; at: number[]; frames: number[]; start: number; answered: number } };
      w.__spin = { cells: [], at: [], frames: [], start: 0, answered: 0 };
      const light = document.querySelector('[data-testid="jackpot-light"]') as HTMLElement;
      let last = light.style.transform;
      const frame = (t: number) => {
        w.__spin.frames.push(t);
        if (light.style.transform !== last) {
          last = light.style.transform;
          w.__spin.cells.push(last);
          w.__spin.at.push(t);
        }
        if (!document.querySelector('[data-testid="jackpot-award-popup"]')) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    const answered = page.waitForResponse((r) => r.url().endsWith('/app/v1/receiveDrawChance'));
    await page.getByTestId('jackpot-spin').click();
    const res = await answered;
    const answeredAt = await page.evaluate(() => performance.now());
    const body = (await res.json()) as { code: number; data: { id: number; type: number; propId: number; count: number; bonus: number } };
    expect(body.code).toBe(200);
    // While the grid runs the button is inert.
    await expect(page.getByTestId('jackpot-spin').isDisabled()).resolves.toBe(true);
    await snap(page, `jackpot-grid-spinning-${body.data.id}`, 1_200);
    await page.getByTestId('jackpot-award-popup').waitFor({ timeout: 12_000 });
    const spin = await page.evaluate(() => (window as unknown as { __spin: { cells: string[]; at: number[]; frames: number[] } }).__spin);
    const gaps = spin.frames.slice(1).map((t, i) => t - spin.frames[i]!);
    return { result: body.data, cells: spin.cells, spinMs: spin.at[spin.at.length - 1]! - answeredAt, longestFrameMs: Math.max(...gaps), frames: spin.frames.length };
  }

  /** The grid's cell (by its data-entry) that the light covers now. */
  const litEntry = () =>
    page.evaluate(() => {
      const light = document.querySelector('[data-testid="jackpot-light"]')!.getBoundingClientRect();
      const cells = [...document.querySelectorAll('[data-testid="jackpot-cell"]')] as HTMLElement[];
      const hit = cells.find((c) => {
        const r = c.getBoundingClientRect();
        return Math.abs(r.left - light.left) < 4 && Math.abs(r.top - light.top) < 4;
      });
      return hit ? Number(hit.dataset.entry) : null;
    });

  it('the operator starts the lucky jackpot; a new player sees the bubble, its guide tip once, and a jackpot that asks for a deposit first', async () => {
    activityId = await startActivity(stack, { type: 47, name: 'Lucky jackpot', sort: 1, rules: { 'en-US': 'Every draw wins; a JACKPOT cell pays from its pool.' }, settings: settings(6) });
    await registerPlayer(page, 'jackpot');
    const bubble = page.getByTestId('jackpot-bubble');
    await bubble.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('jackpot-bubble-total').innerText(), { timeout: 10_000 }).toBe(exact(250_000 + 50_000 + 10_000 + 2_500).replace(/\.\d\d$/, ''));
    await snapNarrow(page, 'jackpot-1-home-bubble');
    await bubble.click();
    const guide = page.getByTestId('jackpot-guide');
    await expect(guide.innerText()).resolves.toContain('TAP THE SCREEN TO CONTINUE');
    await snapNarrow(page, 'jackpot-2-guide');
    await guide.click();
    const modal = page.getByTestId('jackpot-modal');
    await modal.getByTestId('jackpot-view').waitFor();
    await expect(modal.getByTestId('jackpot-cell').count()).resolves.toBe(8);
    await expect(modal.getByTestId('jackpot-need-deposit').innerText()).resolves.toContain('Make a deposit to unlock your draws.');
    await expect(modal.getByTestId('jackpot-spin').isDisabled()).resolves.toBe(true);
    await snapNarrow(page, 'jackpot-3-modal-need-deposit', 400);
    await modal.getByTestId('jackpot-close').click();
    await modal.waitFor({ state: 'detached' });
    // Not on a route outside the nine.
    await page.goto('/member/profile');
    await page.getByTestId('balance-pill').or(page.locator('.nav-bar')).first().waitFor();
    await page.waitForTimeout(500);
    await expect(page.getByTestId('jackpot-bubble').count()).resolves.toBe(0);
  });

  it('deposits, draws: the grid runs 4-6 s, stops on the drawn cell, the award popup says what was paid and the balance has it', async () => {
    await page.goto('/');
    await sandboxDeposit(page, 100);
    // The deposit's chances come from the event runner's consumer within a few seconds.
    await expect.poll(async () => (await drawInfo()).chances, { timeout: 20_000, interval: 500 }).toBe(3);
    await page.goto('/');
    await page.getByTestId('jackpot-bubble').click();
    // The guide tip was seen: straight to the jackpot.
    const modal = page.getByTestId('jackpot-modal');
    await modal.getByTestId('jackpot-view').waitFor();
    await expect(page.getByTestId('jackpot-guide').count()).resolves.toBe(0);
    await expect.poll(() => modal.getByTestId('jackpot-chances').innerText()).toContain('3');
    await expect(modal.getByTestId('jackpot-spin').isEnabled()).resolves.toBe(true);
    await snapNarrow(page, 'jackpot-4-modal-ready', 400);
    const before = await coin();

    const spin = await drawAndWatch();
    expect(spin.result).toMatchObject({ id: 6, type: 1, propId: 2001, count: 1_000, bonus: 1_000 });
    // About 80 ms a step for 3 s, then 12 slowing steps: at least 37 + 12 cells lit; 4-6 s from the answer (a frame either side).
    expect(spin.cells.length).toBeGreaterThanOrEqual(49);
    expect(spin.spinMs).toBeGreaterThan(4_000 - 50);
    expect(spin.spinMs).toBeLessThan(6_000 + 100);
    console.info(`jackpot spin: ${spin.cells.length} steps in ${Math.round(spin.spinMs)} ms, ${spin.frames} frames, longest frame gap ${Math.round(spin.longestFrameMs)} ms`);
    await expect(litEntry()).resolves.toBe(6);
    const award = page.getByTestId('jackpot-award-popup');
    await expect(award.getByTestId('jackpot-award-amount').innerText()).resolves.toBe('10.00');
    await expect(award.innerText()).resolves.toContain('You won!');
    await snapNarrow(page, 'jackpot-5-award-popup', 600);
    await award.getByTestId('jackpot-award-ok').click();
    await award.waitFor({ state: 'detached' });
    await expect(page.getByTestId('jackpot-tier-wheel').count()).resolves.toBe(0);
    expect(await coin()).toBe(before + 1_000);
    // Draw info reloaded after the spin: one chance fewer.
    await expect.poll(() => modal.getByTestId('jackpot-chances').innerText()).toContain('2');
  });

  it('a table that always hits Mini: JACKPOT!, the tier wheel stops on Mini, the amount popup says what the Mini pool paid', async () => {
    await stack.ops('activities', 'edit', String(activityId), '--file', await writeJson({ settings: settings(2) }));
    await expect.poll(async () => (await drawInfo()).jackpotAwardConfigList.find((e) => e.id === 2)?.weight, { timeout: 20_000, interval: 500 }).toBe(1);
    await page.goto('/');
    await page.getByTestId('jackpot-bubble').click();
    const modal = page.getByTestId('jackpot-modal');
    await modal.getByTestId('jackpot-view').waitFor();
    const pool = (await drawInfo()).miniJackpot;
    const before = await coin();

    const spin = await drawAndWatch();
    expect(spin.result).toMatchObject({ id: 2, type: 2, propId: 50004, bonus: pool });
    expect(spin.spinMs).toBeGreaterThan(4_000 - 50);
    expect(spin.spinMs).toBeLessThan(6_000 + 100);
    await expect(litEntry()).resolves.toBe(2);
    const award = page.getByTestId('jackpot-award-popup');
    await expect(award.innerText()).resolves.toContain('JACKPOT!');
    await snapNarrow(page, 'jackpot-6-award-jackpot', 600);
    await award.getByTestId('jackpot-award-ok').click();
    const wheel = page.getByTestId('jackpot-tier-wheel');
    await wheel.waitFor();
    await expect(wheel.getAttribute('data-tier')).resolves.toBe('mini');
    await snap(page, 'jackpot-7-tier-wheel-390', 1_500);
    const amount = page.getByTestId('jackpot-amount-popup');
    await amount.waitFor({ timeout: 8_000 });
    await expect(amount.getAttribute('data-tier')).resolves.toBe('mini');
    await expect(amount.getByTestId('jackpot-amount').innerText()).resolves.toBe(exact(pool));
    await snapNarrow(page, 'jackpot-8-amount-popup', 600);
    expect(await coin()).toBe(before + pool);
    await amount.getByTestId('jackpot-amount-ok').click();
    await amount.waitFor({ state: 'detached' });
    // The pool restarted from its seed; the winner is listed.
    await expect.poll(async () => (await drawInfo()).miniJackpot).toBe(tiers.mini.seed);
  });

  it('the rank and the records open, each ending in No more; a new seed pair reveals the server seed; a record links to the verify page with it', async () => {
    const modal = page.getByTestId('jackpot-modal');
    await modal.getByTestId('jackpot-open-rank').click();
    const rank = page.getByTestId('jackpot-rank-modal');
    await rank.getByTestId('jackpot-rank-end').waitFor();
    await expect(rank.getByTestId('jackpot-rank-end').innerText()).resolves.toBe('No more');
    await expect(rank.getByTestId('jackpot-rank-mine').innerText()).resolves.toContain('MINI');
    await snapNarrow(page, 'jackpot-9-rank-modal', 400);
    await rank.getByTestId('jackpot-sheet-close').click();
    await rank.waitFor({ state: 'detached' });

    await modal.getByTestId('jackpot-open-records').click();
    const records = page.getByTestId('jackpot-record-modal');
    await records.getByTestId('jackpot-records-end').waitFor();
    await expect(records.getByTestId('jackpot-record').count()).resolves.toBe(2);
    const verify = await records.getByTestId('jackpot-record-verify').first().getAttribute('href');
    expect(verify).toMatch(/^\/originals\/verify\?game=jackpot&/);
    expect(verify).toContain('ids=1%2C2%2C3%2C4%2C5%2C6%2C7%2C8');
    await expect(records.getByTestId('jackpot-record-seed').first().innerText()).resolves.toBe('Hidden until you start a new seed pair');
    await snapNarrow(page, 'jackpot-10-records-modal', 400);
    await records.getByTestId('jackpot-sheet-close').click();
    await records.waitFor({ state: 'detached' });

    // Fairness: a new seed pair reveals the server seed of both draws; the records then carry it.
    await modal.getByTestId('jackpot-open-fairness').click();
    const fair = page.getByTestId('jackpot-fair-modal');
    await expect(fair.getByTestId('jackpot-fair-nonce').innerText()).resolves.toBe('2');
    const hash = await fair.getByTestId('jackpot-fair-hash').innerText();
    await fair.getByTestId('jackpot-fair-seed').fill('my lucky seed');
    await fair.getByTestId('jackpot-fair-rotate').click();
    await expect(fair.getByRole('alert').innerText()).resolves.toBe('Use 1 to 64 letters, digits or symbols, without spaces.');
    await fair.getByTestId('jackpot-fair-seed').fill('my-lucky-seed');
    await fair.getByTestId('jackpot-fair-rotate').click();
    const revealed = await fair.getByTestId('jackpot-fair-revealed-seed').innerText();
    expect(revealed).toMatch(/^[0-9a-f]{64}$/);
    await expect(fair.getByTestId('jackpot-fair-client').innerText()).resolves.toBe('my-lucky-seed');
    await expect(fair.getByTestId('jackpot-fair-nonce').innerText()).resolves.toBe('0');
    await expect(fair.getByTestId('jackpot-fair-hash').innerText()).resolves.not.toBe(hash);
    await snapNarrow(page, 'jackpot-10b-fairness-revealed', 300);
    await fair.getByTestId('jackpot-sheet-close').click();
    await fair.waitFor({ state: 'detached' });
    await modal.getByTestId('jackpot-open-records').click();
    // Shown from the cache at once, then as the server answers now (the records were marked stale).
    await expect.poll(() => records.getByTestId('jackpot-record-seed').first().innerText()).toBe(revealed);
    const link = await records.getByTestId('jackpot-record-verify').first().getAttribute('href');
    expect(link).toContain(`serverSeed=${revealed}`);
    expect(link).toMatch(/[?&]lang=en-US$/);
    await records.getByTestId('jackpot-sheet-close').click();
    await records.waitFor({ state: 'detached' });
    // The public verify page (decision 051), opened from that link, recomputes the Mini draw: entry 2.
    const verifier = await page.context().newPage();
    await verifier.goto(link!);
    await verifier.getByRole('button', { name: 'Verify' }).click();
    await verifier.getByTestId('verify-result').waitFor();
    await expect(verifier.getByTestId('verify-winner').innerText()).resolves.toContain('award id 2');
    await expect(verifier.getByTestId('hash-check').innerText()).resolves.toContain('matches');
    await snap(verifier, 'jackpot-10c-verify-page-390', 300);
    await verifier.close();
    await modal.locator('.jp-odds summary').click();
    await modal.locator('.jp-odds').scrollIntoViewIfNeeded();
    await snap(page, 'jackpot-11-odds-390', 300);
  });

  it('over a game (game-start, one of the nine routes) the bubble is on top, clear of the bet row, and opens the jackpot there', async () => {
    await playOriginal(page, 'Fortune Reels');
    const bubble = page.getByTestId('jackpot-bubble');
    await bubble.waitFor();
    const box = (await bubble.boundingBox())!;
    const top = await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid]')?.getAttribute('data-testid'), [box.x + box.width / 2, box.y + box.height / 2]);
    expect(top).toBe('jackpot-bubble');
    // The game's own controls at the bottom (bet row, Spin) stay uncovered.
    const spinBox = (await page.locator('[data-testid="game-frame"]').boundingBox())!;
    expect(box.y + box.height).toBeLessThan(spinBox.y + spinBox.height - 150);
    await snap(page, 'jackpot-14-game-bubble-390', 800);
    await bubble.click();
    await page.getByTestId('jackpot-modal').getByTestId('jackpot-view').waitFor();
    await snap(page, 'jackpot-15-game-modal-390', 500);
    await page.getByTestId('jackpot-close').click();
    await page.getByTestId('jackpot-modal').waitFor({ state: 'detached' });
  });

  it('/activity/jackpot and /rank are pages of their own', async () => {
    await page.goto('/activity/jackpot');
    await page.getByTestId('jackpot-page').getByTestId('jackpot-view').waitFor();
    await expect(page.getByTestId('jackpot-chances').innerText()).resolves.toContain('1');
    await snapNarrow(page, 'jackpot-12-page', 400);
    await page.goto('/rank');
    await page.getByTestId('rank-page').getByTestId('jackpot-rank-end').waitFor();
    await snapNarrow(page, 'jackpot-13-rank-page', 400);
    // A desktop: the app's column, the bubble and the jackpot's sheet inside it.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.getByTestId('jackpot-bubble').click();
    await page.getByTestId('jackpot-modal').getByTestId('jackpot-view').waitFor();
    const sheet = (await page.locator('.jp-sheet--main').boundingBox())!;
    expect(sheet.width).toBeLessThanOrEqual(480);
    expect(Math.abs(sheet.x + sheet.width / 2 - 640)).toBeLessThan(2);
    await snap(page, 'jackpot-16-desktop-modal-1280', 400);
    await page.setViewportSize({ width: 390, height: 844 });
  });
});

async function writeJson(body: unknown): Promise<string> {
  const { mkdtempSync, writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const file = join(mkdtempSync(join(tmpdir(), 'jackpot-')), 'edit.json');
  writeFileSync(file, JSON.stringify(body));
  return file;
}
