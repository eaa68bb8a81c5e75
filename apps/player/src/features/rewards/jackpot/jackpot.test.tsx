import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';


import { RouteNames, pathOf, type RouteName } from '../../../lib/route-names.ts';
import { logIn, logOut, mockApi, newQueryClient, refuse } from '../../../lib/game-test-kit.tsx';
import { renderApp } from '../../../app/app-test-kit.tsx';
import { useJackpotModal } from '../../../lib/rewards.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { resetEachTest } from '../../../lib/test-reset.ts';
import { bubbleShown, GUIDE_SEEN_KEY } from './jackpot-host.tsx';

const base = { sort: 1, clickType: 1, clickAction: '', unloginShowStatus: true, themeUrl: null, endsAt: null, rules: {}, detail: {} };
const JACKPOT = { ...base, id: 70, type: 47, name: 'Lucky jackpot' };
const TASKS = { ...base, id: 9, type: 42, name: 'Tasks' };
const VIP = { ...base, id: 8, type: 8, name: 'VIP' };
const running = (...acts: (typeof base & { id: number })[]) => () => ({
  activityIds: acts.map((a) => a.id),
  activityMap: Object.fromEntries(acts.map((a) => [a.id, a])),
  hasTurntable: false,
  totalRecharge: 0,
});

const entry = (id: number, type: number, propId: number, showNum: number, weight: number) => ({ id, type, propId, count: type === 2 ? 1 : showNum, showNum, weight, odds: weight / 100 });
const TABLE = [
  entry(1, 1, 2001, 100, 40), entry(2, 1, 2001, 500, 20), entry(3, 2, 50004, 0, 5), entry(4, 1, 2002, 10, 20),
  entry(5, 1, 2001, 1000, 8), entry(6, 2, 50003, 0, 3), entry(7, 1, 2001, 5000, 2), entry(8, 2, 50001, 0, 2),
];
const sec = (min: number, max: number) => ({ min, max });

function drawInfo(over: Record<string, unknown> = {}) {
  return {
    activityId: 70, total: 1_234_500,
    megaJackpot: 800_000, megaJackpotSection: sec(500_000, 5_000_000),
    majorJackpot: 300_000, majorJackpotSection: sec(100_000, 1_000_000),
    minorJackpot: 100_000, minorJackpotSection: sec(20_000, 200_000),
    miniJackpot: 34_500, miniJackpotSection: sec(5_000, 50_000),
    canReceiveDrawChance: true, needDeposit: false, chances: 3, nextDrawAt: null,
    earn: { depositAmount: 10_000, dailyBet: [50_000] }, jackpotWinnerList: [], jackpotAwardConfigList: TABLE, ...over,
  };
}

const proof = (nonce: number) => ({
  seedId: 1, serverSeedHash: 'a'.repeat(64), clientSeed: 'my-seed', nonce, tableIds: TABLE.map((e) => e.id), weights: TABLE.map((e) => e.weight), index: 0,
  serverSeed: null, verifyPath: `/originals/verify?game=jackpot&nonce=${nonce}`,
});
const drawn = (id: number, over: Record<string, unknown> = {}) => {
  const e = TABLE.find((x) => x.id === id)!;
  return { id, type: e.type, propId: e.propId, count: e.type === 2 ? 123_456 : e.count, bonus: e.type === 2 || e.propId === 2001 ? (e.type === 2 ? 123_456 : e.count) : 0, drawId: 900 + id, chances: 2, proof: proof(5), ...over };
};

/** A player who asked for less motion: the grid and the wheel show their result at once. */
function reducedMotion(on: boolean) {
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: on && q.includes('reduce'), media: q, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, onchange: null, dispatchEvent: () => false }));
}

resetEachTest();
beforeEach(() => {
  sessionStorage.clear();
  useJackpotModal.setState({ open: false });
  reducedMotion(true);
  // antd-mobile's InfiniteScroll measures its place through offsetParent (null in jsdom).
  vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
    return this.parentElement;
  });
});
afterEach(() => {
  vi.useRealTimers();
});

async function openJackpotPage(handlers: Record<string, (b: Record<string, unknown>) => unknown>) {
  const api = mockApi({ getActivityIds: running(JACKPOT), refreshData: () => ({ errcode: 0, coin: 1 }), ...handlers });
  logIn();
  const qc = newQueryClient();
  const app = await renderApp('/activity/jackpot', qc);
  await screen.findByTestId('jackpot-view', {}, { timeout: 8000 });
  return { api, app, qc };
}

describe('jackpot bubble (spec §2)', () => {
  it('floats exactly on the nine named routes, for a player, while the lucky jackpot runs', () => {
    for (const route of RouteNames) expect(bubbleShown({ loggedIn: true, running: true, route })).toBe(true);
    expect(bubbleShown({ loggedIn: true, running: true, route: undefined })).toBe(false);
    expect(bubbleShown({ loggedIn: false, running: true, route: 'index' })).toBe(false);
    expect(bubbleShown({ loggedIn: true, running: false, route: 'index' })).toBe(false);
  });

  const named = (n: RouteName) => (n === 'game-start' ? `${pathOf(n)}?gameId=1` : pathOf(n));
  const handlers = {
    getActivityIds: running(JACKPOT, TASKS, VIP),
    getJackpotDrawInfo: () => drawInfo(),
    refreshData: () => ({ errcode: 0, coin: 1 }),
    startGame: () => ({ gameId: 1, mode: 'real', url: '/originals/play/g1?token=t', expiresAt: '2030-01-01T00:00:00.000Z' }),
    getTaskUser: () => ({ activityId: 9, timeZone: 'UTC', tasks: [], liveness: { daily: { value: 0, endsAt: '2030-01-01T00:00:00.000Z', chests: [] }, weekly: { value: 0, endsAt: '2030-01-01T00:00:00.000Z', chests: [] } } }),
  };

  it('shows on every named route the app has, in the rendered app', async () => {
    mockApi(handlers);
    logIn();
    // agent is the ninth name; its page is not built yet (404), so it can only be checked above.
    for (const name of RouteNames.filter((n) => n !== 'agent')) {
      const app = await renderApp(named(name), newQueryClient());
      await waitFor(() => expect(app.router.state.status).toBe('idle'));
      expect(app.router.state.location.pathname).toBe(pathOf(name));
      expect(await screen.findByTestId('jackpot-bubble', {}, { timeout: 8000 }), name).toBeTruthy();
      cleanup();
    }
  }, 60_000);

  it('is on no other route: not on the jackpot page, the rank, profile, wallets, bonus home, VIP home, search, FAQ', async () => {
    mockApi(handlers);
    logIn();
    for (const href of ['/activity/jackpot', '/rank', '/member/profile', '/wallets?name=deposit', '/bonus/home', '/vip/home', '/game/search', '/faq']) {
      const app = await renderApp(href, newQueryClient());
      await waitFor(() => expect(app.router.state.status).toBe('idle'));
      // The shell loaded the jackpot (the activity runs) but keeps the bubble away from this route.
      await waitFor(() => expect(document.querySelector('.app__main')?.childElementCount).toBeGreaterThan(0));
      await new Promise((r) => setTimeout(r, 150));
      expect(screen.queryByTestId('jackpot-bubble'), href).toBeNull();
      // The jackpot is loaded here all the same (its modal opens): only the bubble stays away.
      act(() => useJackpotModal.setState({ open: true }));
      expect(await screen.findByTestId('jackpot-modal', {}, { timeout: 8000 }), href).toBeTruthy();
      act(() => useJackpotModal.setState({ open: false }));
      cleanup();
    }
  }, 60_000);

  it('is not there for a visitor, nor while no lucky jackpot runs', async () => {
    mockApi(handlers);
    await renderApp('/', newQueryClient(undefined, { activityIds: { activityIds: [70], activityMap: { 70: JACKPOT } } }));
    await screen.findByTestId('activity-banner');
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByTestId('jackpot-bubble')).toBeNull();
    cleanup();

    mockApi({ ...handlers, getActivityIds: running(TASKS) });
    logIn();
    await renderApp('/', newQueryClient());
    await screen.findByTestId('activity-banner');
    await new Promise((r) => setTimeout(r, 200));
    expect(screen.queryByTestId('jackpot-bubble')).toBeNull();
  });

  it("the first tap shows 'TAP THE SCREEN TO CONTINUE', a tap on the screen opens the jackpot; never again on this device", async () => {
    mockApi(handlers);
    logIn();
    await renderApp('/', newQueryClient());
    const bubble = await screen.findByTestId('jackpot-bubble', {}, { timeout: 8000 });
    await waitFor(() => expect(screen.getByTestId('jackpot-bubble-total').textContent).toBe('12,345'));
    fireEvent.click(bubble);
    const guide = await screen.findByTestId('jackpot-guide');
    expect(guide.textContent).toContain('TAP THE SCREEN TO CONTINUE');
    expect(screen.queryByTestId('jackpot-modal')).toBeNull();
    fireEvent.click(guide);
    await screen.findByTestId('jackpot-modal');
    expect(screen.queryByTestId('jackpot-guide')).toBeNull();
    expect(localStorage.getItem(GUIDE_SEEN_KEY)).toBe('1');
    fireEvent.click(screen.getByTestId('jackpot-close'));
    await waitFor(() => expect(screen.queryByTestId('jackpot-modal')).toBeNull());

    // The next tap, and after a reload: straight to the jackpot.
    fireEvent.click(await screen.findByTestId('jackpot-bubble'));
    await screen.findByTestId('jackpot-modal');
    expect(screen.queryByTestId('jackpot-guide')).toBeNull();
  });

  it("the lucky jackpot activity's click opens the jackpot modal (spec §2 click actions)", async () => {
    localStorage.setItem(GUIDE_SEEN_KEY, '1');
    mockApi({ ...handlers, getActivityIds: running(JACKPOT) });
    logIn();
    await renderApp('/', newQueryClient());
    const slide = await screen.findByTestId('activity-slide', {}, { timeout: 8000 });
    expect(slide.textContent).toContain('Lucky jackpot');
    fireEvent.click(slide);
    const modal = await screen.findByTestId('jackpot-modal');
    expect(await within(modal).findByTestId('jackpot-total')).toBeTruthy();
  });
});

describe('jackpot draw', () => {
  it('each refusal 1001-1004 has its own text; any other code the failed-with-code text', async () => {
    let code = 1001;
    await openJackpotPage({ getJackpotDrawInfo: () => drawInfo(), receiveDrawChance: () => refuse(code, 'server words') });
    const texts: string[] = [];
    for (const c of [1001, 1002, 1003, 1004, 1999]) {
      code = c;
      // Past the 300 ms tap gate each time.
      await new Promise((r) => setTimeout(r, 320));
      fireEvent.click(screen.getByTestId('jackpot-spin'));
      const err = await screen.findByTestId('jackpot-error');
      await waitFor(() => expect(err.getAttribute('data-code')).toBe(String(c)));
      texts.push(screen.getByTestId('jackpot-error').textContent!);
    }
    expect(texts).toEqual([
      'You have no draws left. Deposit or bet to earn more.',
      'The lucky jackpot is not running now. Check the events for when it opens again.',
      'Make a deposit first to draw in the lucky jackpot.',
      'Too fast: wait a moment, then draw again.',
      'The draw failed (code 1999). Please try again.',
    ]);
  });

  it('the button is inert without a chance; needing a deposit says so and links to the deposit', async () => {
    const { api, app } = await openJackpotPage({ getJackpotDrawInfo: () => drawInfo({ canReceiveDrawChance: false, needDeposit: true, chances: 0 }), receiveDrawChance: () => drawn(1) });
    const button = screen.getByTestId('jackpot-spin') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    await new Promise((r) => setTimeout(r, 50));
    expect(api.calls.receiveDrawChance).toBeUndefined();
    expect(screen.getByTestId('jackpot-need-deposit').textContent).toContain('Make a deposit to unlock your draws.');
    fireEvent.click(screen.getByTestId('jackpot-deposit'));
    await waitFor(() => expect(app.where()).toBe('/wallets?name=deposit'));
  });

  it('taps are debounced by 300 ms and the button is inert while a draw runs: a burst draws once', async () => {
    let answer: (v: unknown) => void = () => undefined;
    const { api } = await openJackpotPage({ getJackpotDrawInfo: () => drawInfo(), receiveDrawChance: () => new Promise((r) => (answer = r)) });
    const button = screen.getByTestId('jackpot-spin') as HTMLButtonElement;
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(true));
    await new Promise((r) => setTimeout(r, 350));
    fireEvent.click(button);
    expect(api.calls.receiveDrawChance).toHaveLength(1);
    await act(async () => answer(drawn(2)));
    await screen.findByTestId('jackpot-award-popup');
    expect(api.calls.receiveDrawChance).toHaveLength(1);
  });

  it('a refused draw frees the button, but a tap within 300 ms of the last is still dropped', async () => {
    const { api } = await openJackpotPage({ getJackpotDrawInfo: () => drawInfo(), receiveDrawChance: () => refuse(1004, 'Too soon') });
    const button = screen.getByTestId('jackpot-spin') as HTMLButtonElement;
    // The tap gate reads performance.now(): the test sets it, so a loaded machine's slow renders
    // between two taps do not count as time the player waited.
    let now = performance.now();
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      fireEvent.click(button);
      await screen.findByTestId('jackpot-error');
      await waitFor(() => expect(button.disabled).toBe(false));
      now += 299;
      fireEvent.click(button);
      expect(api.calls.receiveDrawChance).toHaveLength(1);
      // 300 ms after the dropped tap, which counts as the last one.
      now += 300;
      fireEvent.click(button);
      await waitFor(() => expect(api.calls.receiveDrawChance).toHaveLength(2));
    } finally {
      clock.mockRestore();
    }
  });

  it('with reduced motion the result shows at once: award popup, then for a tier the wheel and the amount; draw info reloads after the spin', async () => {
    let chances = 3;
    const { api } = await openJackpotPage({
      getJackpotDrawInfo: () => drawInfo({ chances }),
      receiveDrawChance: () => {
        chances -= 1;
        return drawn(8);
      },
    });
    expect(screen.getByTestId('jackpot-chances').textContent).toContain('3');
    const before = api.calls.getJackpotDrawInfo!.length;
    const t0 = performance.now();
    fireEvent.click(screen.getByTestId('jackpot-spin'));
    const award = await screen.findByTestId('jackpot-award-popup');
    expect(performance.now() - t0).toBeLessThan(1_500);
    expect(award.getAttribute('data-type')).toBe('2');
    expect(award.textContent).toContain('JACKPOT!');
    // The highlight rests on the winning cell: entry 8, the last of the 3×3 ring (column 0, row 1).
    expect(screen.getByTestId('jackpot-light').style.transform).toBe('translate(calc(0 * (100% + var(--jp-gap))), calc(1 * (100% + var(--jp-gap))))');
    await waitFor(() => expect(api.calls.getJackpotDrawInfo!.length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByTestId('jackpot-chances').textContent).toContain('2'));
    fireEvent.click(screen.getByTestId('jackpot-award-ok'));
    const wheel = await screen.findByTestId('jackpot-tier-wheel');
    expect(wheel.getAttribute('data-tier')).toBe('mega');
    const amount = await screen.findByTestId('jackpot-amount-popup');
    expect(amount.getAttribute('data-tier')).toBe('mega');
    expect(within(amount).getByTestId('jackpot-amount').textContent).toBe('1,234.56');
    fireEvent.click(screen.getByTestId('jackpot-amount-ok'));
    await waitFor(() => expect(screen.queryByTestId('jackpot-amount-popup')).toBeNull());
    expect((screen.getByTestId('jackpot-spin') as HTMLButtonElement).disabled).toBe(false);
  });

  it('an entry the shown table does not have (the operator changed it meanwhile): no spin, the popup says what was won, the table reloads', async () => {
    reducedMotion(false);
    let calls = 0;
    const { api } = await openJackpotPage({
      getJackpotDrawInfo: () => (calls++, drawInfo()),
      receiveDrawChance: () => ({ ...drawn(5), id: 99 }),
    });
    const before = calls;
    const t0 = performance.now();
    fireEvent.click(screen.getByTestId('jackpot-spin'));
    const award = await screen.findByTestId('jackpot-award-popup');
    expect(performance.now() - t0).toBeLessThan(1_500);
    expect(within(award).getByTestId('jackpot-award-amount').textContent).toBe('10.00');
    await waitFor(() => expect(calls).toBeGreaterThan(before));
    expect(api.calls.receiveDrawChance).toHaveLength(1);
  });

  it('leaving mid-spin: the draw was paid, so the balance and the jackpot reload all the same', async () => {
    reducedMotion(false);
    const { app, qc } = await openJackpotPage({ getJackpotDrawInfo: () => drawInfo(), receiveDrawChance: () => drawn(5) });
    fireEvent.click(screen.getByTestId('jackpot-spin'));
    await waitFor(() => expect(screen.getByTestId('jackpot-spin').getAttribute('data-phase')).toBe('spinning'));
    expect(qc.getQueryState(['getJackpotDrawInfo'])?.isInvalidated).toBe(false);
    await act(async () => { await app.router.navigate({ to: '/faq' }); });
    await waitFor(() => expect(screen.queryByTestId('jackpot-view')).toBeNull());
    // Nothing shows the jackpot now: its answers are marked stale, for whatever shows them next.
    await waitFor(() => expect(qc.getQueryState(['getJackpotDrawInfo'])?.isInvalidated).toBe(true));
  });

  it("publishes the operator's rules and every entry's chance, tiers by name", async () => {
    const withRules = { ...JACKPOT, rules: { 'en-US': 'One draw per deposit of 100.' } };
    await openJackpotPage({ getActivityIds: running(withRules), getJackpotDrawInfo: () => drawInfo() });
    const odds = screen.getByTestId('jackpot-odds');
    await waitFor(() => expect(within(odds).getByTestId('jackpot-rules').textContent).toBe('One draw per deposit of 100.'));
    const rows = [...odds.querySelectorAll('tbody tr')].map((r) => r.textContent);
    expect(rows).toEqual(['1.00Bonus coin40%', '5.00Bonus coin20%', 'MiniJackpot pool5%', '10Points20%', '10.00Bonus coin8%', 'MinorJackpot pool3%', '50.00Bonus coin2%', 'MegaJackpot pool2%']);
  });

  it('a plain award shows its popup and no wheel', async () => {
    await openJackpotPage({ getJackpotDrawInfo: () => drawInfo(), receiveDrawChance: () => drawn(5) });
    fireEvent.click(screen.getByTestId('jackpot-spin'));
    const award = await screen.findByTestId('jackpot-award-popup');
    expect(within(award).getByTestId('jackpot-award-amount').textContent).toBe('10.00');
    expect(award.textContent).toContain('Bonus coin');
    fireEvent.click(screen.getByTestId('jackpot-award-ok'));
    await waitFor(() => expect(screen.queryByTestId('jackpot-award-popup')).toBeNull());
    expect(screen.queryByTestId('jackpot-tier-wheel')).toBeNull();
  });
});

describe('jackpot rank and records (spec §4: paged to "No more")', () => {
  const page = <T,>(all: T[], b: Record<string, unknown>) => {
    const pageNum = Number(b.pageNum);
    const pageSize = Number(b.pageSize);
    return { list: all.slice((pageNum - 1) * pageSize, pageNum * pageSize), pageNum, pageSize, total: all.length, pages: Math.ceil(all.length / pageSize) };
  };
  const rankEntry = (i: number) => ({ id: i, rank: i, avatar: 1, nickname: `P${i}`, propId: 50001 + (i % 4), amountSection: sec(10_000, 20_000), createTime: new Date(Date.now() - i * 60_000).toISOString() });

  it('the rank loads 10 a page until the last, then says No more; the player\'s best on top', async () => {
    const all = Array.from({ length: 23 }, (_, i) => rankEntry(i + 1));
    const { api } = await openJackpotPage({
      getJackpotDrawInfo: () => drawInfo(),
      getJackpotRank: (b) => {
        const p = page(all, b);
        return { allRank: p, personRank: rankEntry(7) };
      },
    });
    fireEvent.click(screen.getByTestId('jackpot-open-rank'));
    const modal = await screen.findByTestId('jackpot-rank-modal');
    await within(modal).findByTestId('jackpot-rank-end');
    expect(within(modal).getByTestId('jackpot-rank-end').textContent).toBe('No more');
    expect(within(modal).getAllByTestId('jackpot-rank-row')).toHaveLength(23);
    expect(api.calls.getJackpotRank!.map((b) => [b.pageNum, b.pageSize])).toEqual([[1, 10], [2, 10], [3, 10]]);
    expect(within(modal).getByTestId('jackpot-rank-mine').textContent).toContain('P7');
  });

  it('the records load 20 a page until the last, then say No more; each shows its proof and links to the verify page', async () => {
    const all = Array.from({ length: 45 }, (_, i) => ({
      id: 1000 - i, configId: 1, propId: 2001, type: 1, amountSection: sec(100, 100), count: 100, bonus: 100, createTime: new Date(Date.now() - i * 60_000).toISOString(), proof: proof(45 - i),
    }));
    const { api } = await openJackpotPage({ getJackpotDrawInfo: () => drawInfo(), getPersonJackpotDrawAwardLog: (b) => page(all, b) });
    fireEvent.click(screen.getByTestId('jackpot-open-records'));
    const modal = await screen.findByTestId('jackpot-record-modal');
    await within(modal).findByTestId('jackpot-records-end');
    expect(within(modal).getByTestId('jackpot-records-end').textContent).toBe('No more');
    const rows = within(modal).getAllByTestId('jackpot-record');
    expect(rows).toHaveLength(45);
    expect(api.calls.getPersonJackpotDrawAwardLog!.map((b) => [b.pageNum, b.pageSize])).toEqual([[1, 20], [2, 20], [3, 20]]);
    const first = rows[0]!;
    expect(within(first).getByTestId('jackpot-record-proof').textContent).toContain('a'.repeat(64));
    expect(within(first).getByTestId('jackpot-record-proof').textContent).toContain('my-seed');
    // The verify page opens in the player's language.
    expect(within(first).getByTestId('jackpot-record-verify').getAttribute('href')).toBe('/originals/verify?game=jackpot&nonce=45&lang=en-US');
    expect(within(first).getByTestId('jackpot-record-seed').textContent).toBe('Hidden until you start a new seed pair');
    expect(within(first).getByTestId('jackpot-record-bonus').textContent).toBe('+1.00');
  });

  it('fairness: shows the pair, refuses a bad client seed inline without a call, a new pair reveals the server seed and shows the new pair', async () => {
    let rotated = false;
    const { api } = await openJackpotPage({
      getJackpotDrawInfo: () => drawInfo(),
      fairSeedInfo: () => ({ serverSeedHash: 'b'.repeat(64), clientSeed: 'old-seed', nonce: 7 }),
      fairSeedRotate: (b) => {
        rotated = true;
        return {
          revealed: { serverSeed: 'c'.repeat(64), serverSeedHash: 'b'.repeat(64), clientSeed: 'old-seed', roundsPlayed: 7, createdAt: new Date().toISOString(), revealedAt: new Date().toISOString() },
          current: { serverSeedHash: 'd'.repeat(64), clientSeed: String(b.clientSeed), nonce: 0 },
        };
      },
      getPersonJackpotDrawAwardLog: (b) => ({ list: [], pageNum: Number(b.pageNum), pageSize: 20, total: 0, pages: 0 }),
    });
    fireEvent.click(screen.getByTestId('jackpot-open-fairness'));
    const modal = await screen.findByTestId('jackpot-fair-modal');
    expect((await within(modal).findByTestId('jackpot-fair-hash')).textContent).toBe('b'.repeat(64));
    expect(within(modal).getByTestId('jackpot-fair-nonce').textContent).toBe('7');
    fireEvent.change(within(modal).getByTestId('jackpot-fair-seed'), { target: { value: 'has space' } });
    fireEvent.click(within(modal).getByTestId('jackpot-fair-rotate'));
    expect((await within(modal).findByRole('alert')).textContent).toBe('Use 1 to 64 letters, digits or symbols, without spaces.');
    expect(rotated).toBe(false);
    fireEvent.change(within(modal).getByTestId('jackpot-fair-seed'), { target: { value: 'new-seed' } });
    fireEvent.click(within(modal).getByTestId('jackpot-fair-rotate'));
    expect((await within(modal).findByTestId('jackpot-fair-revealed-seed')).textContent).toBe('c'.repeat(64));
    expect(within(modal).getByTestId('jackpot-fair-revealed').textContent).toContain('Revealed: the seed of your last 7 draws');
    expect(api.calls.fairSeedRotate).toEqual([expect.objectContaining({ scope: 'jackpot', clientSeed: 'new-seed' })]);
    await waitFor(() => expect(within(modal).getByTestId('jackpot-fair-hash').textContent).toBe('d'.repeat(64)));
    expect(within(modal).getByTestId('jackpot-fair-client').textContent).toBe('new-seed');
  });

  it('/rank is the rank as a page; a visitor goes to login first, and it is a 404 while no lucky jackpot runs', { timeout: 30_000 }, async () => {
    mockApi({ getActivityIds: running(TASKS) });
    let app = await renderApp('/rank', newQueryClient());
    await waitFor(() => expect(app.where()).toBe('/auth/login?redirect=%2Frank'));
    cleanup();
    logIn();
    await renderApp('/rank', newQueryClient());
    expect(await screen.findByText('Page Not Found: /rank', {}, { timeout: 8000 })).toBeTruthy();
    cleanup();
    queryClient.clear(); // the guard's cached list of running activities
    mockApi({ getActivityIds: running(JACKPOT), getJackpotRank: (b) => ({ allRank: page([rankEntry(1)], b), personRank: null }) });
    app = await renderApp('/rank', newQueryClient());
    await screen.findByTestId('rank-page', {}, { timeout: 8000 });
    expect((await screen.findByTestId('jackpot-rank-end')).textContent).toBe('No more');
    expect(screen.getByTestId('jackpot-rank-mine-none')).toBeTruthy();
  });
});

afterEach(() => logOut());
