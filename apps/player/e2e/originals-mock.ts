/**
 * The Originals' built screens served as the game server serves them, and a one-player game API
 * mocked by the engine itself (Playwright `page.route`): real engine outcomes from fixed seeds.
 * Shared by originals.e2e.ts and originals-*.e2e.ts.
 */
import { createHash } from 'node:crypto';
import { readFileSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type Route } from 'playwright-core';
import { CHROMIUM, repoRoot } from './harness.ts';
import { crashMsForMultiplier, settleCrash, settleMines, drawMines, minesMultiplierE4 } from '../../originals/src/engine/index.ts';
import { playFairRound } from '../../originals/src/engine/verify-node.ts';
import { nextRound, publicSeedPair, type SeedPair } from '../../../packages/fairness/src/index.ts';
import { fairFloatSource, hashServerSeed } from '../../../packages/fairness/src/hmac-node.ts';

export const dist = join(repoRoot, 'apps/originals/dist');
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };

/**
 * For a describe block: the built Originals served (serveDist) and Chromium launched before its
 * tests, both closed after. The returned object's `browser` and `base` are set once beforeAll ran.
 */
export function useOriginalsBrowser(): { browser: Browser; base: string } {
  const env = {} as { browser: Browser; base: string };
  let server: Server | undefined;
  beforeAll(async () => {
    if (!existsSync(join(dist, 'index.html'))) throw new Error('apps/originals/dist is missing: run `npm run build -w apps/originals` (npm test does it)');
    const srv = await serveDist();
    server = srv.server;
    env.base = srv.base;
    env.browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
  });
  afterAll(async () => {
    await env.browser?.close();
    server?.close();
  });
  return env;
}

/** Static files under /originals/, index.html for the app's routes (as the game server does). */
export function serveDist(): Promise<{ server: Server; base: string }> {
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
export const SLOT_BET = 100;
/** The mocked demo balance at the start (hundredths). */
export const START_BALANCE = 100_000;
function fixedSeedPair(): SeedPair {
  for (let i = 0; ; i++) {
    const serverSeed = createHash('sha256').update(`e2e-${i}`).digest('hex');
    const pair: SeedPair = { serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: 'e2e-seed', nonce: 0 };
    const first = playFairRound('slot', nextRound(pair).seeds, { bet: SLOT_BET });
    if (first.totalWin > 0 && first.freeSpins.length === 0) return pair;
  }
}
export const SEEDS = fixedSeedPair();

export interface MockOptions {
  /** The crash point of every Crash round (E2); 2.50× by default. */
  crashAt?: number;
  mode?: 'demo' | 'real';
  /** The balance at the start (hundredths); START_BALANCE by default. */
  balance?: number;
  /** A Mines round left open (this stake, one gem picked) for the session to restore. */
  openMinesBet?: number;
  /** What the session says about confirming large stakes; left out when undefined (an older server). */
  confirmStakePct?: number;
  /** Every round-starting call's body is pushed here (what the screen really staked). */
  stakes?: Array<{ path: string; bet: number }>;
  /** `/rounds` answers the played rounds with their server seed revealed (as after a rotation). */
  revealSeeds?: boolean;
}

/** A one-player game server in the page (demo unless told): the engine decides every outcome. */
export function mockApi(game: string, opts: MockOptions = {}) {
  let pair = SEEDS;
  let balance = opts.balance ?? START_BALANCE;
  let mines: { roundId: string; bet: number; mines: number; board: number[]; picks: number[]; fairness: ReturnType<typeof publicSeedPair> } | null = null;
  let crash: { roundId: string; startedAt: number; bet: number; point: number; auto: number | null; fairness: ReturnType<typeof publicSeedPair> } | null = null;
  const played: Array<{ roundId: string; game: string; bet: number; win: number; params: Record<string, unknown>; serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number }> = [];
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
  const crashView = (status: 'flying' | 'cashed' | 'crashed', cashOutE2: number | null, win: number | null) => ({ game: 'crash', roundId: crash!.roundId, status, bet: crash!.bet, autoCashoutE2: crash!.auto, startedAt: crash!.startedAt, serverNow: Date.now(), cashOutE2, crashPointE2: status === 'flying' ? null : crash!.point, crashAtMs: status === 'flying' ? null : crashMsForMultiplier(crash!.point), win, fairness: crash!.fairness });

  return async (route: Route) => {
    const path = new URL(route.request().url()).pathname.replace('/originals/api', '');
    const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, number>;
    const ok = (data: unknown) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(data) });
    if (['/slot/spin', '/dice/roll', '/mines/start', '/crash/start'].includes(path)) opts.stakes?.push({ path, bet: body.bet as number });
    if (path === '/session' && opts.openMinesBet !== undefined && !mines) {
      const { seeds, used } = take();
      mines = { roundId: 'm-open', bet: opts.openMinesBet, mines: 3, board: drawMines(fairFloatSource(seeds), 3), picks: [], fairness: used };
      mines.picks.push([...Array(25).keys()].find((t) => !mines!.board.includes(t))!);
    }
    switch (path) {
      case '/session':
        return ok({
          token: 'game-token-0123456789abcdef', mode: opts.mode ?? 'demo', gameCode: game, nickname: 'Guest', balance, fairness: publicSeedPair(pair),
          limits: { minBet: 100, maxBet: 100_000, maxWin: 10_000_000, ...(opts.confirmStakePct === undefined ? {} : { confirmStakePct: opts.confirmStakePct }) },
          rules: {}, openRound: mines && mines.roundId === 'm-open' ? minesView('open', null) : null, serverNow: Date.now(),
        });
      case '/rounds':
        return ok({ rounds: played.map(({ serverSeed, ...r }) => ({ ...r, status: 'settled', serverSeed: opts.revealSeeds ? serverSeed : null, createdAt: Date.now() })) });
      case '/demo/refill':
        balance = START_BALANCE;
        return ok({ balance });
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
        played.unshift({ roundId: `r${seeds.nonce}`, game: 'dice', bet: body.bet as number, win: outcome.payout, params: { bet: body.bet, target: body.target, direction: body.direction }, serverSeed: seeds.serverSeed, serverSeedHash: used.serverSeedHash, clientSeed: used.clientSeed, nonce: used.nonce });
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
        crash = { roundId: 'c1', startedAt: Date.now(), bet: body.bet as number, point: opts.crashAt ?? 250, auto: body.autoCashoutE2 ?? null, fairness: used };
        balance -= crash.bet;
        return ok({ roundId: 'c1', startedAt: crash.startedAt, serverNow: Date.now(), bet: crash.bet, autoCashoutE2: crash.auto, balance, fairness: used });
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

