import { describe, expect, it, vi } from 'vitest';
import { crashMultiplierAtMs, diceMultiplierE4, playRound, rules, SLOT_LINES } from '../engine/index.ts';
import type { SlotSpinResponse } from '../api/schemas.ts';
import { MaxCallAmount } from '../../../../packages/contract/src/amounts.ts';
import { MaxCallAmount as shimMaxCallAmount } from './contract-amounts.ts';
import { betText, canAfford, clampBet, doubleBet, halveBet, needsStakeConfirm, parseBet, wholeCoinLimits } from './bet.ts';
import { clockOffset, elapsedMs, parseAutoCashout, readoutE2 } from './crash-sync.ts';
import { clampTarget, flipTarget, quote, targetForMultiplier } from './dice-math.ts';
import { dictionaries, pickLang, translator } from './i18n.ts';
import { money, multiplier } from './format.ts';
import { countUp, highlight, spinSteps, winTier } from './slot-present.ts';
import { ApiError, createApi } from './api.ts';
import { openSession, storageKey, urlWithoutToken } from './session.ts';

const limits = { minBet: 50, maxBet: 100_000 };

describe('amounts and multipliers as text', () => {
  it('cuts a multiplier to its digits, never rounding it above what is paid', () => {
    // Mines with 3 mines, first gem (1.0965×): the cash-out on a bet of 1 is 1.09, and so is the label.
    const firstGem = rules.mines.multipliersE4[2]![0]!;
    expect(multiplier(firstGem, 10_000)).toBe('1.09×');
    expect(money(Math.floor((100 * firstGem) / 10_000))).toBe('1.09');
    expect(multiplier(19_300, 10_000, 4)).toBe('1.9300×');
    expect(multiplier(12_345, 10_000, 4)).toBe('1.2345×');
    expect(multiplier(212, 100)).toBe('2.12×');
    expect(multiplier(100, 100)).toBe('1.00×');
  });
});

describe('bet selector rules', () => {
  it('keeps bets to whole coins inside the session limits', () => {
    expect(wholeCoinLimits(limits)).toEqual({ min: 100, max: 100_000 });
    expect(wholeCoinLimits({ minBet: 250, maxBet: 1_099 })).toEqual({ min: 300, max: 1_000 });
    expect(clampBet(1_234, limits)).toBe(1_200);
    expect(clampBet(10, limits)).toBe(100);
    expect(clampBet(9_999_999, limits)).toBe(100_000);
    expect(clampBet(Number.NaN, limits)).toBe(100);
  });
  it('×½ rounds down to a whole coin and stops at the minimum; ×2 stops at the maximum', () => {
    expect(halveBet(500, limits)).toBe(200);
    expect(halveBet(100, limits)).toBe(100);
    expect(doubleBet(300, limits)).toBe(600);
    expect(doubleBet(80_000, limits)).toBe(100_000);
  });
  it('takes a typed stake exactly or refuses it with the reason, never another stake (decision 025)', () => {
    expect(parseBet('12', limits)).toEqual({ ok: true, amount: 1_200 });
    expect(parseBet('12.00', limits)).toEqual({ ok: true, amount: 1_200 });
    // 0 and 0.001 used to become a 1-coin bet while the field still said 0.
    expect(parseBet('0', limits)).toMatchObject({ ok: false, reason: 'belowMin', values: { min: 100 } });
    expect(parseBet('0.001', limits)).toMatchObject({ ok: false, reason: 'wholeCoins' });
    expect(parseBet('12,9', limits)).toMatchObject({ ok: false, reason: 'separator' });
    expect(parseBet('abc', limits)).toMatchObject({ ok: false, reason: 'notNumber' });
    // 999999 used to become the maximum (the whole demo balance) in one tap.
    expect(parseBet('999999', limits)).toMatchObject({ ok: false, reason: 'aboveMax', values: { max: 100_000 } });
    expect(betText(1_200)).toBe('12');
    expect(canAfford(500, 499)).toBe(false);
    expect(canAfford(500, 500)).toBe(true);
  });
  it('the game bundle\'s zod-free copy of MaxCallAmount is the contract\'s', () => {
    expect(shimMaxCallAmount).toBe(MaxCallAmount);
  });
  it('asks before a stake above the configured share of the balance', () => {
    expect(needsStakeConfirm(50_000, 100_000, { ...limits, confirmStakePct: 50 })).toBe(false);
    expect(needsStakeConfirm(50_100, 100_000, { ...limits, confirmStakePct: 50 })).toBe(true);
    expect(needsStakeConfirm(50_100, 100_000, limits)).toBe(true); // 50 % when the session does not say
    expect(needsStakeConfirm(90_000, 100_000, { ...limits, confirmStakePct: 100 })).toBe(false);
    expect(needsStakeConfirm(2_600, 10_000, { ...limits, confirmStakePct: 25 })).toBe(true);
  });
});

describe('crash readout sync', () => {
  it('uses the middle of the round trip to line the local clock up with the server', () => {
    // Sent at local 1000, answered at 1200; the server said 50,100 → it was 50,100 at local 1100.
    const offset = clockOffset(50_100, 1_000, 1_200);
    expect(offset).toBe(49_000);
    expect(elapsedMs(50_000, 1_100, offset)).toBe(100);
    expect(elapsedMs(60_000, 1_100, offset)).toBe(0); // not started yet: never negative
  });
  it('shows the curve at the server-clock elapsed time, never past a known end', () => {
    const offset = clockOffset(10_000, 0, 0);
    expect(readoutE2(0, 1_600, offset)).toBe(crashMultiplierAtMs(11_600));
    expect(readoutE2(0, 1_600, offset)).toBeGreaterThanOrEqual(200); // about 2× after 11.6 s
    expect(readoutE2(0, 1_600, offset, 150)).toBe(150);
  });
  it('parses the auto cash-out field inside 1.01×-10,000×', () => {
    expect(parseAutoCashout('2')).toBe(200);
    expect(parseAutoCashout('2,5')).toBe(250);
    expect(parseAutoCashout('1')).toBeNull();
    expect(parseAutoCashout('')).toBeNull();
    expect(parseAutoCashout('20000')).toBeNull();
  });
});

describe('dice chance ↔ multiplier', () => {
  it('quotes the engine maths for a target and direction', () => {
    expect(quote(5_000, 'under')).toEqual({ winRolls: 5_000, multiplierE4: 19_300 });
    expect(quote(5_000, 'over')).toEqual({ winRolls: 4_999, multiplierE4: diceMultiplierE4(4_999) });
  });
  it('clamps the slider to the 1 %-95 % chance range', () => {
    expect(clampTarget(9_999, 'under')).toBe(9_500);
    expect(clampTarget(10, 'under')).toBe(100);
    expect(quote(9_990, 'over').winRolls).toBe(100);
  });
  it('finds the target for a multiplier and flips direction keeping the chance', () => {
    const target = targetForMultiplier(2, 'under');
    const q = quote(target, 'under');
    expect(q.multiplierE4).toBeLessThanOrEqual(20_000);
    expect(diceMultiplierE4(q.winRolls - 1)).toBeGreaterThan(20_000);
    const f = flipTarget(2_500, 'under');
    expect(f.direction).toBe('over');
    expect(quote(f.target, 'over').winRolls).toBe(2_500);
  });
});

describe('slot win presentation', () => {
  // A round with free spins, from fixed floats (the engine is pure: same floats, same round).
  const findRound = (want: (o: SlotSpinResponse['outcome']) => boolean) => {
    for (let s = 1; s < 20_000; s++) {
      let x = s;
      const next = () => ((x = (x * 1_103_515_245 + 12_345) % 2_147_483_648), x / 2_147_483_648);
      const o = playRound('slot', next, { bet: 2_000 }) as unknown as SlotSpinResponse['outcome'];
      if (want(o)) return o;
    }
    throw new Error('no round found');
  };

  it('highlights exactly the cells of each paying run and draws each winning line', () => {
    const o = findRound((x) => x.base.lineWins.length >= 2 && x.base.freeSpinsAwarded === 0);
    const h = highlight(o.base);
    expect(h.lines.map((l) => l.line)).toEqual(o.base.lineWins.map((w) => w.line));
    for (const w of o.base.lineWins) {
      const rows = SLOT_LINES[w.line] as number[];
      for (let reel = 0; reel < 5; reel++) expect(h.cells.has(`${reel}:${rows[reel]}`)).toBe(reel < w.count || o.base.lineWins.some((v) => v !== w && (SLOT_LINES[v.line] as number[])[reel] === rows[reel] && reel < v.count));
    }
    expect(h.lines[0]?.points).toHaveLength(5);
  });

  it('plays free spins in order with a counter that ends at 0 and a running total equal to the win', () => {
    const o = findRound((x) => x.freeSpinsAwarded > 0);
    const steps = spinSteps(o);
    expect(steps[0]?.free).toBe(false);
    expect(steps[0]?.freeLeft).toBe(o.base.freeSpinsAwarded);
    expect(steps).toHaveLength(1 + o.freeSpins.length);
    expect(steps.at(-1)?.freeLeft).toBe(0);
    expect(steps.at(-1)?.totalSoFar).toBe(o.totalWin);
    expect(steps.slice(1).every((s) => s.spin.multiplier === 2)).toBe(true);
    // The scatters that triggered the feature glow.
    const h = highlight(o.base);
    for (const [reel, row] of o.base.scatter.positions) expect(h.cells.has(`${reel}:${row}`)).toBe(true);
  });

  it('counts up to the exact win and grades big wins', () => {
    expect(countUp(12_345, 0, 1_000)).toBe(0);
    expect(countUp(12_345, 500, 1_000)).toBeLessThan(12_345);
    expect(countUp(12_345, 500, 1_000)).toBeGreaterThan(6_000);
    expect(countUp(12_345, 1_000, 1_000)).toBe(12_345);
    expect(winTier(0, 100)).toBe('none');
    expect(winTier(300, 100)).toBe('small');
    expect(winTier(1_000, 100)).toBe('big');
    expect(winTier(5_000, 100)).toBe('mega');
  });
});

describe('languages', () => {
  it('has every string in every language and picks the launch language', () => {
    const keys = Object.keys(dictionaries['en-US']).sort();
    for (const d of Object.values(dictionaries)) expect(Object.keys(d).sort()).toEqual(keys);
    expect(pickLang('pt-BR')).toBe('pt-BR');
    expect(pickLang('th')).toBe('th-TH');
    expect(pickLang('de-DE')).toBe('en-US');
    expect(translator('pt-BR')('youWin', { amount: '5.00' })).toBe('Você ganhou 5.00');
  });
});

describe('session storage', () => {
  const sessionAnswer = (token: string) => ({ token, mode: 'demo', gameCode: 'dice', nickname: 'x', balance: 100_000, fairness: {}, limits: {}, rules: {}, openRound: null, serverNow: 0 });

  function fakeServer() {
    const used = new Set<string>();
    const calls: { body: Record<string, unknown>; auth: string | null }[] = [];
    const fetchImpl = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      const auth = (init?.headers as Record<string, string>).authorization ?? null;
      calls.push({ body, auth });
      if (typeof body.launchToken === 'string') {
        if (used.has(body.launchToken)) return new Response(JSON.stringify({ error: 'INVALID_TOKEN', message: 'used' }), { status: 401 });
        used.add(body.launchToken);
        return new Response(JSON.stringify(sessionAnswer(`game-${body.launchToken}`)));
      }
      if (auth?.startsWith('Bearer game-')) return new Response(JSON.stringify(sessionAnswer(auth.slice(7))));
      return new Response(JSON.stringify({ error: 'SESSION_EXPIRED', message: 'expired' }), { status: 401 });
    });
    return { fetchImpl, calls };
  }

  it('exchanges the launch token once and reuses the game token on reload', async () => {
    const { fetchImpl, calls } = fakeServer();
    const storage = new Map<string, string>();
    const store = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) };
    const launchToken = 'launch-token-0123456789';

    const first = await openSession({ api: createApi(fetchImpl as typeof fetch), storage: store, game: 'dice', launchToken });
    expect(first.ok && first.session.token).toBe(`game-${launchToken}`);
    expect(JSON.parse(storage.get(storageKey('dice')) ?? '{}')).toEqual({ launchToken, gameToken: `game-${launchToken}` });

    // Reload with the same address (token still there) and with it stripped: no second exchange.
    for (const lt of [launchToken, null]) {
      const again = await openSession({ api: createApi(fetchImpl as typeof fetch), storage: store, game: 'dice', launchToken: lt });
      expect(again.ok).toBe(true);
    }
    expect(calls.filter((c) => 'launchToken' in c.body)).toHaveLength(1);
    expect(calls.slice(1).every((c) => c.auth === `Bearer game-${launchToken}` && !('launchToken' in c.body))).toBe(true);
  });

  it('a new launch replaces the stored session; no token and nothing stored is an expired session', async () => {
    const { fetchImpl } = fakeServer();
    const storage = new Map<string, string>();
    const store = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v), removeItem: (k: string) => void storage.delete(k) };
    await openSession({ api: createApi(fetchImpl as typeof fetch), storage: store, game: 'dice', launchToken: 'launch-a-0123456789' });
    const b = await openSession({ api: createApi(fetchImpl as typeof fetch), storage: store, game: 'dice', launchToken: 'launch-b-0123456789' });
    expect(b.ok && b.session.token).toBe('game-launch-b-0123456789');
    expect(await openSession({ api: createApi(fetchImpl as typeof fetch), storage: store, game: 'crash', launchToken: null })).toEqual({ ok: false, expired: true });
    storage.set(storageKey('mines'), JSON.stringify({ launchToken: null, gameToken: 'stale' }));
    expect(await openSession({ api: createApi(fetchImpl as typeof fetch), storage: store, game: 'mines', launchToken: null })).toEqual({ ok: false, expired: true });
    expect(storage.has(storageKey('mines'))).toBe(false);
  });

  it('keeps the token out of the address and turns API refusals into typed errors', async () => {
    expect(urlWithoutToken('http://h/originals/play/slot?token=abc&mode=demo&lang=th-TH')).toBe('/originals/play/slot?mode=demo&lang=th-TH');
    const api = createApi((async () => new Response(JSON.stringify({ error: 'INSUFFICIENT_FUNDS', message: 'no', balance: 42 }), { status: 402 })) as typeof fetch);
    await expect(api.call('/slot/spin', { bet: 100 })).rejects.toMatchObject(new ApiError('INSUFFICIENT_FUNDS', 'no', 402, 42));
    const down = createApi((async () => Promise.reject(new TypeError('offline'))) as typeof fetch);
    await expect(down.call('/balance')).rejects.toMatchObject({ code: 'NETWORK' });
  });
});
