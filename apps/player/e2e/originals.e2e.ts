/**
 * The Originals game screens at 390×844, against their built files with the game API mocked by
 * the engine itself (Playwright `page.route`): a demo session, real engine outcomes from real
 * seeds. Screenshots mid-animation and after the round go to screenshots/originals-*.png.
 * (The journey against the real game server belongs with the server's routes.)
 */
import { createHash } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page, type Route } from 'playwright-core';
import { CHROMIUM, hasChromium, PHONE, repoRoot, snap } from './harness.ts';
import { crashMsForMultiplier, nextRound, publicSeedPair, settleCrash, settleMines, drawMines, minesMultiplierE4 } from '../../originals/src/engine/index.ts';
import { fairFloatSource, hashServerSeed, playFairRound } from '../../originals/src/engine/hmac-node.ts';
import type { SeedPair } from '../../originals/src/engine/fair.ts';
import { money } from '../../originals/src/client/format.ts';

const dist = join(repoRoot, 'apps/originals/dist');
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };

/** Static files under /originals/, index.html for the app's routes (as the game server does). */
function serveDist(): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]?.replace(/^\/originals/, '') ?? '/';
    const file = join(dist, path);
    const hit = path.startsWith('/assets/') && existsSync(file);
    res.setHeader('content-type', hit ? (TYPES[extname(file)] ?? 'application/octet-stream') : 'text/html');
    res.end(readFileSync(hit ? file : join(dist, 'index.html')));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => {
    const a = server.address();
    resolve({ server, base: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}` });
  }));
}

/**
 * A fixed seed pair, so every run plays the same rounds: the first server seed (sha-256 of
 * `e2e-<i>`) whose first slot spin pays on the base game without free spins, which would
 * otherwise play out for up to a minute and make the run's length a matter of luck.
 */
const SLOT_BET = 100;
/** The mocked demo balance at the start (hundredths). */
const START_BALANCE = 100_000;
function fixedSeedPair(): SeedPair {
  for (let i = 0; ; i++) {
    const serverSeed = createHash('sha256').update(`e2e-${i}`).digest('hex');
    const pair: SeedPair = { serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: 'e2e-seed', nonce: 0 };
    const first = playFairRound('slot', nextRound(pair).seeds, { bet: SLOT_BET });
    if (first.totalWin > 0 && first.freeSpins.length === 0) return pair;
  }
}
const SEEDS = fixedSeedPair();

/** A one-player demo game server in the page: the engine decides every outcome. */
function mockApi(game: string, opts: { crashAt?: number } = {}) {
  let pair = SEEDS;
  let balance = START_BALANCE;
  let mines: { roundId: string; bet: number; mines: number; board: number[]; picks: number[]; fairness: ReturnType<typeof publicSeedPair> } | null = null;
  let crash: { roundId: string; startedAt: number; bet: number; point: number; fairness: ReturnType<typeof publicSeedPair> } | null = null;
  const take = () => {
    const { seeds, pair: next } = nextRound(pair);
    const used = { serverSeedHash: pair.serverSeedHash, clientSeed: seeds.clientSeed, nonce: seeds.nonce };
    pair = next;
    return { seeds, used };
  };
  const minesView = (status: 'open' | 'lost' | 'cashed', win: number | null) => {
    const m = mines!;
    const safe = status === 'lost' ? m.picks.length - 1 : m.picks.length;
    const mult = status === 'lost' || safe === 0 ? 0 : minesMultiplierE4(m.mines, safe);
    return { game: 'mines', roundId: m.roundId, status, bet: m.bet, mines: m.mines, picks: m.picks, safePicks: safe, multiplierE4: mult, nextMultiplierE4: status === 'open' && safe < 25 - m.mines ? minesMultiplierE4(m.mines, safe + 1) : null, cashOutAmount: status === 'open' && safe > 0 ? Math.floor((m.bet * mult) / 10_000) : 0, mineTiles: status === 'open' ? null : m.board, win, fairness: m.fairness };
  };
  const crashView = (status: 'flying' | 'cashed' | 'crashed', cashOutE2: number | null, win: number | null) => ({ game: 'crash', roundId: crash!.roundId, status, bet: crash!.bet, autoCashoutE2: null, startedAt: crash!.startedAt, serverNow: Date.now(), cashOutE2, crashPointE2: status === 'flying' ? null : crash!.point, crashAtMs: status === 'flying' ? null : crashMsForMultiplier(crash!.point), win, fairness: crash!.fairness });

  return async (route: Route) => {
    const path = new URL(route.request().url()).pathname.replace('/originals/api', '');
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, number>;
    const ok = (data: unknown) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(data) });
    switch (path) {
      case '/session':
        return ok({ token: 'game-token-0123456789abcdef', mode: 'demo', gameCode: game, nickname: 'Guest', balance, fairness: publicSeedPair(pair), limits: { minBet: 100, maxBet: 100_000, maxWin: 10_000_000 }, rules: {}, openRound: null, serverNow: Date.now() });
      case '/slot/spin': {
        const { seeds, used } = take();
        const outcome = playFairRound('slot', seeds, { bet: body.bet as number });
        balance += outcome.totalWin - (body.bet as number);
        return ok({ roundId: `r${seeds.nonce}`, bet: body.bet, win: outcome.totalWin, balance, fairness: used, outcome });
      }
      case '/dice/roll': {
        const { seeds, used } = take();
        const outcome = playFairRound('dice', seeds, body as never);
        balance += outcome.payout - (body.bet as number);
        return ok({ roundId: `r${seeds.nonce}`, bet: body.bet, win: outcome.payout, balance, fairness: used, outcome, target: body.target, direction: body.direction });
      }
      case '/mines/start': {
        const { seeds, used } = take();
        mines = { roundId: `m${seeds.nonce}`, bet: body.bet as number, mines: body.mines as number, board: drawMines(fairFloatSource(seeds), body.mines as number), picks: [], fairness: used };
        balance -= mines.bet;
        return ok({ round: minesView('open', null), balance });
      }
      case '/mines/pick': {
        mines!.picks.push(body.tile as number);
        if (mines!.board.includes(body.tile as number)) return ok({ round: minesView('lost', 0), balance });
        return ok({ round: minesView('open', null), balance });
      }
      case '/mines/cashout': {
        const o = settleMines(mines!.board, { bet: mines!.bet, mines: mines!.mines, picks: mines!.picks });
        balance += o.payout;
        return ok({ round: minesView('cashed', o.payout), balance });
      }
      case '/crash/start': {
        const { used } = take();
        crash = { roundId: 'c1', startedAt: Date.now(), bet: body.bet as number, point: opts.crashAt ?? 250, fairness: used };
        balance -= crash.bet;
        return ok({ roundId: 'c1', startedAt: crash.startedAt, serverNow: Date.now(), bet: crash.bet, autoCashoutE2: null, balance, fairness: used });
      }
      case '/crash/state': {
        const crashed = Date.now() - crash!.startedAt >= crashMsForMultiplier(crash!.point);
        return ok({ round: crashed ? crashView('crashed', null, 0) : crashView('flying', null, null), balance });
      }
      case '/crash/cashout': {
        const e2 = Math.floor(100 * Math.exp(0.00006 * (Date.now() - crash!.startedAt)));
        const o = settleCrash(crash!.point, { bet: crash!.bet, cashOutE2: Math.max(101, e2) });
        balance += o.payout;
        return ok({ round: o.won ? crashView('cashed', Math.max(101, e2), o.payout) : crashView('crashed', null, 0), balance });
      }
      default:
        return route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: 'ROUND_NOT_FOUND', message: path }) });
    }
  };
}

describe.skipIf(!hasChromium)('Originals game screens (API mocked by the engine)', () => {
  let browser: Browser;
  let srv: { server: Server; base: string };
  beforeAll(async () => {
    if (!existsSync(join(dist, 'index.html'))) throw new Error('apps/originals/dist is missing: run `npm run build -w apps/originals` (npm test does it)');
    srv = await serveDist();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  });
  afterAll(async () => {
    await browser?.close();
    srv?.server.close();
  });

  const open = async (game: string, opts: { crashAt?: number } = {}): Promise<Page> => {
    const ctx = await browser.newContext(PHONE);
    const page = await ctx.newPage();
    await page.route('**/originals/api/**', mockApi(game, opts));
    await page.goto(`${srv.base}/originals/play/${game}?token=launch-token-0123456789&mode=demo&lang=en-US`);
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
  });

  it('Mines: gems raise the cash-out, the board is revealed at the end', async () => {
    const page = await open('mines');
    await page.getByTestId('action').click();
    await page.locator('.oc-tile').nth(12).click();
    await page.waitForTimeout(150);
    await snap(page, 'originals-mines-flip');
    const status = await page.getByTestId('mines-result').textContent();
    if (!status?.includes('Mine')) {
      await page.getByTestId('action').click();
    }
    await page.locator('.oc-board-ended').waitFor();
    await snap(page, 'originals-mines-ended');
  });

  it('Dice rolls the number and colours the result', async () => {
    const page = await open('dice');
    await expect(page.getByTestId('chance').textContent()).resolves.toBe('50.00 %');
    await expect(page.getByTestId('multiplier').textContent()).resolves.toBe('1.9300×');
    await page.getByTestId('action').click();
    await page.waitForTimeout(250);
    await snap(page, 'originals-dice-rolling');
    await page.getByTestId('dice-result').locator('span').waitFor();
    await snap(page, 'originals-dice-result');
    await page.getByRole('button', { name: 'Fairness' }).click();
    await snap(page, 'originals-dice-fairness');
  });
});
