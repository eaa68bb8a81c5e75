/**
 * The issue-4 journey end to end through the real Originals at 390×844, no mocks: register,
 * deposit through the sandbox pay page, open Fortune Reels from the lobby and spin it for real
 * inside its frame (the game server bets and wins through the signed seamless wallet), the lobby
 * bar following the game's balance, the rounds in /member/games and the wallet records; one real
 * round of Mines and of Dice; then, logged out, demo Crash (play money only) and real play that
 * goes through login and back into the game.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FrameLocator, Page, Response } from 'playwright-core';
import { hasChromium, registerPlayer, snap, useStackPage, type Stack } from './harness.ts';

/** A settled round as the game server answered it to the frame (hundredths). */
interface PlayedRound {
  game: string;
  roundId: string;
  bet: number;
  win: number;
  balance: number;
}

const card = (page: Page, name: string) => page.getByTestId('type-section').getByTestId('game-card').filter({ has: page.getByText(name, { exact: true }) });
const gameFrame = (page: Page): FrameLocator => page.frameLocator('[data-testid="game-frame"]');
/** What the lobby's <Money> shows for an amount: whole units, floored, en-US grouping. */
const units = (hundredths: number) => Math.floor(hundredths / 100).toLocaleString('en-US');
/** What records and reports show for an amount (decision 026): exact, two decimals, en-US grouping. */
const exact = (hundredths: number) => `${Math.floor(Math.abs(hundredths) / 100).toLocaleString('en-US')}.${String(Math.abs(hundredths) % 100).padStart(2, '0')}`;
const signedExact = (hundredths: number) => `${hundredths > 0 ? '+' : hundredths < 0 ? '\u2212' : ''}${exact(hundredths)}`;
/** The game's balance text ("1,234.56") in hundredths. */
const hundredthsOf = (text: string) => Math.round(Number.parseFloat(text.replace(/[^\d.]/g, '')) * 100);

async function gameBalance(frame: FrameLocator): Promise<number> {
  return hundredthsOf(await frame.getByTestId('balance').locator('strong').innerText());
}

/** Waits until the game's main button can be pressed again (the round has been presented). */
async function actionReady(frame: FrameLocator, timeout = 60_000): Promise<void> {
  await expect.poll(() => frame.getByTestId('action').isEnabled(), { timeout }).toBe(true);
}

/** Records every settled round the game server answers to the frame (slot, dice, mines, crash). */
function recordRounds(page: Page): PlayedRound[] {
  const rounds: PlayedRound[] = [];
  // A round can be answered as finished more than once (a state poll in flight when the cash-out
  // answers, on a busy machine): each round once, as first answered.
  const add = (r: PlayedRound) => {
    if (!rounds.some((x) => x.roundId === r.roundId)) rounds.push(r);
  };
  page.on('response', (res: Response) => {
    const path = new URL(res.url()).pathname;
    if (!path.startsWith('/originals/api/') || !res.ok()) return;
    void res.json().then(
      (b: { roundId?: string; bet?: number; win?: number; balance?: number; round?: { roundId: string; bet: number; win: number | null; status: string; game: string } }) => {
        if (b.roundId && typeof b.win === 'number' && b.balance !== undefined) {
          add({ game: path.split('/')[3] ?? '', roundId: b.roundId, bet: b.bet ?? 0, win: b.win, balance: b.balance });
        } else if (b.round && b.round.status !== 'open' && b.round.status !== 'flying' && b.balance !== undefined) {
          add({ game: b.round.game, roundId: b.round.roundId, bet: b.round.bet, win: b.round.win ?? 0, balance: b.balance });
        }
      },
      () => undefined,
    );
  });
  return rounds;
}

/** The lobby bar's balance follows the game's (the game posts `playhall:balance` to the lobby). */
async function barMatchesGame(page: Page, frame: FrameLocator): Promise<number> {
  const inGame = await gameBalance(frame);
  await expect.poll(() => page.getByTestId('game-bar-balance').innerText(), { timeout: 10_000 }).toBe(units(inGame));
  return inGame;
}

async function openFromLobby(page: Page, name: string, path: string): Promise<FrameLocator> {
  await page.goto('/');
  await card(page, name).getByRole('link').click();
  await page.waitForURL(/\/game\/start\?gameId=\d+$/);
  await expect.poll(async () => new URL((await page.getByTestId('game-frame').getAttribute('src'))!, 'http://x').pathname).toBe(path);
  const frame = gameFrame(page);
  await frame.getByTestId('action').waitFor({ timeout: 20_000 });
  return frame;
}

async function exitGame(page: Page): Promise<void> {
  await page.getByTestId('game-exit').click();
  await page.waitForURL((u) => u.pathname === '/');
}

describe.skipIf(!hasChromium)('playing the real Originals from the lobby', () => {
  const fixture = useStackPage();
  let stack: Stack;
  let page: Page;
  let rounds: PlayedRound[];
  let account = '';
  /** The player's coin balance after the real rounds (hundredths). */
  let coins = 0;
  beforeAll(() => {
    ({ stack, page } = fixture);
    rounds = recordRounds(page);
  });

  it('registers and deposits 100 through the sandbox pay page; the top bar shows it', async () => {
    account = await registerPlayer(page, 'ply');
    await page.getByTestId('topbar-deposit').click();
    await page.waitForURL(/\/wallets\?name=deposit$/);
    await page.locator('input#deposit-amount').fill('100');
    await page.getByTestId('deposit-submit').click();
    await page.waitForURL(/\/sandbox\/pay\/DP/);
    await expect(page.getByTestId('sandbox-amount').innerText()).resolves.toBe('100');
    await page.getByRole('button', { name: 'Approve payment' }).click();
    try {
      await page.getByText('Deposit credited').waitFor({ timeout: 20_000 });
    } catch (err) {
      throw new Error(`Deposit not credited. Server log:\n${stack.serverLog().slice(-4000)}`, { cause: err });
    }
    await page.getByTestId('balance-pill').filter({ hasText: /^\s*100\s*$/ }).waitFor({ timeout: 10_000 });
    await page.goto('/');
    await page.getByTestId('type-section').first().waitFor();
    await snap(page, 'play-01-lobby');
  });

  it('spins Fortune Reels for real three times; the lobby bar follows the game balance', async () => {
    const frame = await openFromLobby(page, 'Fortune Reels', '/originals/play/slot');
    await expect(frame.getByTestId('balance').innerText()).resolves.not.toMatch(/demo/i);
    await expect(gameBalance(frame)).resolves.toBe(100_00);
    await expect(page.getByTestId('game-bar-balance').innerText()).resolves.toBe('100');
    await expect(page.getByTestId('demo-badge').count()).resolves.toBe(0);

    for (let spin = 1; spin <= 3; spin++) {
      const before = rounds.length;
      await frame.getByTestId('action').click();
      if (spin === 1) {
        await page.waitForTimeout(450);
        await snap(page, 'play-02-slot-spinning');
        // The rest plays with reduced motion (short reels, no count-up): a spin with free spins
        // (1 in 43) then shows in seconds instead of up to a minute, whatever the server drew.
        await page.emulateMedia({ reducedMotion: 'reduce' });
      }
      await expect.poll(() => rounds.length, { timeout: 15_000 }).toBe(before + 1);
      await actionReady(frame);
      const round = rounds.at(-1)!;
      expect(round.game).toBe('slot');
      // The game shows what the server settled, and the lobby bar agrees with it.
      await expect(gameBalance(frame)).resolves.toBe(round.balance);
      await barMatchesGame(page, frame);
      if (spin === 1) await snap(page, 'play-03-slot-result');
    }
    const slot = rounds.filter((r) => r.game === 'slot');
    expect(slot).toHaveLength(3);
    // Each spin moved the money by exactly its bet and win, from the deposited 100.
    const expected = slot.reduce((b, r) => b - r.bet + r.win, 100_00);
    expect(slot.at(-1)!.balance).toBe(expected);
    expect(slot.every((r) => r.bet > 0)).toBe(true);
    await page.emulateMedia({ reducedMotion: null });
    coins = expected;
    await snap(page, 'play-04-slot-after');

    await exitGame(page);
    await page.getByTestId('balance-pill').filter({ hasText: new RegExp(`^\\s*${units(coins)}\\s*$`) }).waitFor({ timeout: 10_000 });
    await page.getByTestId('recent-games').waitFor();
  });

  it('plays one real round of Mines and one of Dice', async () => {
    let frame = await openFromLobby(page, 'Mines', '/originals/play/mines');
    await expect(gameBalance(frame)).resolves.toBe(coins);
    let before = rounds.length;
    await frame.getByTestId('action').click();
    await frame.getByTestId('mines-result').filter({ hasText: /pick/i }).waitFor();
    await frame.locator('.oc-tile').nth(12).click();
    await expect.poll(async () => (await frame.locator('.oc-tile.oc-flipped').count()) > 0).toBe(true);
    await snap(page, 'play-05-mines-pick');
    if (!(await frame.locator('.oc-board-ended').count())) {
      // A gem: on a bet of 1 the multiplier shown is exactly what cashing out pays.
      const shown = (await frame.locator('.oc-mines-info .oc-gold').innerText()).replace('×', '');
      await expect(frame.getByTestId('action').innerText()).resolves.toBe(`Cash out ${shown}`);
      await frame.getByTestId('action').click();
    }
    await frame.locator('.oc-board-ended').waitFor();
    await expect.poll(() => rounds.length).toBe(before + 1);
    const mines = rounds.at(-1)!;
    expect(mines.game).toBe('mines');
    expect(mines.balance).toBe(coins - mines.bet + mines.win);
    coins = mines.balance;
    await expect(barMatchesGame(page, frame)).resolves.toBe(coins);
    await snap(page, 'play-06-mines-ended');
    await exitGame(page);

    frame = await openFromLobby(page, 'Dice', '/originals/play/dice');
    await expect(gameBalance(frame)).resolves.toBe(coins);
    before = rounds.length;
    await frame.getByTestId('action').click();
    await frame.getByTestId('dice-result').locator('span').waitFor();
    await actionReady(frame);
    await expect.poll(() => rounds.length).toBe(before + 1);
    const dice = rounds.at(-1)!;
    expect(dice.game).toBe('dice');
    expect(dice.balance).toBe(coins - dice.bet + dice.win);
    coins = dice.balance;
    await expect(barMatchesGame(page, frame)).resolves.toBe(coins);
    await snap(page, 'play-07-dice-result');
    await exitGame(page);
    await page.getByTestId('balance-pill').filter({ hasText: new RegExp(`^\\s*${units(coins)}\\s*$`) }).waitFor({ timeout: 10_000 });
  });

  it('/member/games lists every round with its bet and win; the wallet records hold the game entries', async () => {
    await page.locator('.tab-bar').getByText('Me', { exact: true }).click();
    await page.getByTestId('bet-records-item').click();
    await page.waitForURL(/\/member\/games$/);
    await page.getByTestId('bet-end').filter({ hasText: 'No more' }).waitFor();
    const rows = page.getByTestId('bet-round');
    await expect(rows.count()).resolves.toBe(rounds.length);
    // Newest first: dice, mines, then the three spins.
    const names: Record<string, string> = { slot: 'Fortune Reels', mines: 'Mines', dice: 'Dice' };
    const newestFirst = [...rounds].reverse();
    for (const [i, r] of newestFirst.entries()) {
      const row = rows.nth(i);
      await expect(row.getAttribute('data-status')).resolves.toBe('settled');
      const text = await row.innerText();
      expect(text).toContain(names[r.game]);
      expect(text).toMatch(new RegExp(`Bet ${exact(r.bet)}[\\s\\S]*Win ${exact(r.win)}`));
    }
    await snap(page, 'play-08-member-games');

    await page.goto('/wallets/record');
    await page.getByTestId('record').first().waitFor();
    await page.getByRole('radio', { name: 'Game' }).click();
    const records = page.getByTestId('record');
    // One row per game session (issue 13 §3): the slot's spins, then Mines, then Dice, each with
    // its rounds, stake and payout, and its net as the amount; nothing but game rows.
    const sessions: Array<{ game: string; rounds: number; bet: number; win: number }> = [];
    for (const r of rounds) {
      const last = sessions[sessions.length - 1];
      if (last?.game === r.game) Object.assign(last, { rounds: last.rounds + 1, bet: last.bet + r.bet, win: last.win + r.win });
      else sessions.push({ game: r.game, rounds: 1, bet: r.bet, win: r.win });
    }
    await expect.poll(() => page.locator('[data-testid="record"][data-kind="game"]').count()).toBe(sessions.length);
    await expect(page.locator('[data-testid="record"]:not([data-kind="game"])').count()).resolves.toBe(0);
    await expect(records.getByTestId('record-amount').allInnerTexts()).resolves.toEqual([...sessions].reverse().map((x) => signedExact(x.win - x.bet)));
    await expect(records.getByTestId('record-staked').allInnerTexts()).resolves.toEqual([...sessions].reverse().map((x) => exact(x.bet)));
    await expect(records.getByTestId('record-paid-out').allInnerTexts()).resolves.toEqual([...sessions].reverse().map((x) => exact(x.win)));
    await page.getByTestId('records-end').waitFor();
    await expect(records.first().getByTestId('record-balance').innerText()).resolves.toBe(exact(coins));
    await snap(page, 'play-09-wallet-records');
  });

  it('a visitor plays demo Crash from the lobby: play money moves, no coins do', async () => {
    const visitor = await stack.newContext();
    const p = await visitor.newPage();
    const demoRounds = recordRounds(p);
    try {
      await p.goto('/');
      await card(p, 'Crash').getByRole('link').click();
      await p.locator('.adm-action-sheet').getByText('Try the demo').click();
      await p.waitForURL(/\/game\/start\?gameId=\d+&tryIt=1$/);
      await expect(p.getByTestId('demo-badge').innerText()).resolves.toMatch(/demo/i);
      const frame = gameFrame(p);
      await frame.getByTestId('action').waitFor({ timeout: 20_000 });
      await expect(frame.getByTestId('balance').innerText()).resolves.toMatch(/demo/i);
      const start = await gameBalance(frame);
      await frame.getByTestId('action').click();
      // Flying (unless it crashed at once): the cash-out button replaces Start.
      const flying = await frame.locator('.oc-crash-flying').waitFor({ timeout: 5_000 }).then(() => true, () => false);
      if (flying) {
        await p.waitForTimeout(1_200);
        await snap(p, 'play-10-crash-flying');
        // Cash out unless it crashed meanwhile (then the button is Bet again: pressing it would start a new round).
        await frame.getByTestId('action').evaluate((b: HTMLButtonElement) => b.textContent?.startsWith('Cash out') && b.click());
      }
      await frame.getByTestId('crash-note').filter({ hasText: /Crashed at|Cashed out/ }).waitFor({ timeout: 20_000 });
      await expect.poll(() => demoRounds.length).toBe(1);
      const round = demoRounds[0]!;
      expect(round.game).toBe('crash');
      await expect(gameBalance(frame)).resolves.toBe(start - round.bet + round.win);
      expect(round.balance - start).not.toBe(0);
      await snap(p, 'play-11-crash-ended');
      // Still a visitor: no coin balance anywhere, and the player's coins are where they were.
      await expect(p.getByTestId('balance-pill').count()).resolves.toBe(0);
      await page.goto('/');
      await page.getByTestId('balance-pill').filter({ hasText: new RegExp(`^\\s*${units(coins)}\\s*$`) }).waitFor({ timeout: 10_000 });
      await exitGame(p);

      // Real play as a visitor: the lobby sends it to login, and after logging in it is in the game.
      await card(p, 'Dice').getByRole('link').click();
      await p.locator('.adm-action-sheet').getByText('Log in to play').click();
      await p.waitForURL(/\/auth\/login/);
      await snap(p, 'play-12-real-logged-out');
      await p.getByText('Account', { exact: true }).first().click();
      await p.locator('input#account').fill(account);
      await p.locator('input#password').fill('secret-123');
      await p.locator('button[type="submit"]', { hasText: 'Log in' }).click();
      await p.waitForURL(/\/game\/start\?gameId=\d+$/);
      const real = gameFrame(p);
      await real.getByTestId('action').waitFor({ timeout: 20_000 });
      await expect(real.getByTestId('balance').innerText()).resolves.not.toMatch(/demo/i);
      await expect(gameBalance(real)).resolves.toBe(coins);
      await expect(p.getByTestId('game-bar-balance').innerText()).resolves.toBe(units(coins));
      await snap(p, 'play-13-real-after-login');
    } finally {
      await visitor.close();
    }
  });
});
