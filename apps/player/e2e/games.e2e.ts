/**
 * Games journeys against the real server and the built app at 390×844: the lobby by type, search,
 * demo play as a visitor, real play as a visitor landing on login (and back into the game after
 * it), favourites, a real launch with the bar's balance and exit into "Recently played", and the
 * game records screens. The lobby must work with any provider, so here a stub page stands in for
 * the game inside the iframe and this journey plays the provider's part through the signed seamless
 * protocol with the development secret. The real Originals are played in play.e2e.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hasChromium, provider, registerPlayer, snap, useStackPage, type Stack } from './harness.ts';


const card = (page: Page, name: string) => page.getByTestId('type-section').getByTestId('game-card').filter({ has: page.getByText(name, { exact: true }) });
const cardNames = async (page: Page, scope = page.getByTestId('game-card')) =>
  (await scope.locator('.game-card__name').allInnerTexts()).map((s) => s.trim());

async function frameSrc(page: Page): Promise<URL> {
  const frame = page.getByTestId('game-frame');
  await frame.waitFor();
  return new URL((await frame.getAttribute('src'))!, 'http://x');
}

/** Nothing covers the game bar's exit button: a tap on it reaches it (else: what covers it). */
async function exitIsReachable(page: Page): Promise<boolean | string> {
  return page.getByTestId('game-exit').evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return el.contains(hit) || (hit?.outerHTML.slice(0, 300) ?? 'nothing');
  });
}

async function deposit50(page: Page) {
  await page.goto('/wallets?name=deposit');
  await page.getByTestId('amount-chip').filter({ hasText: /^50$/ }).click();
  await page.getByTestId('deposit-submit').click();
  await page.waitForURL(/\/sandbox\/pay\/DP/);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await page.getByText('Deposit credited').waitFor({ timeout: 20_000 });
}

describe.skipIf(!hasChromium)('games journeys', () => {
  const fixture = useStackPage();
  let stack: Stack;
  let page: Page;
  beforeAll(() => ({ stack, page } = fixture));

  it('a visitor sees the lobby by game type, with badges and the featured game', async () => {
    const iconRequests: string[] = [];
    page.on('request', (r) => void (/\.svg(?:$|\?)/.test(r.url()) && iconRequests.push(r.url())));
    await page.goto('/');
    await page.getByTestId('type-section').first().waitFor();
    await expect(page.getByTestId('type-tab').allInnerTexts()).resolves.toEqual(['All', 'Slots', 'Crash', 'Instant']);
    // Each category draws its glyph with the tabs themselves: the glyphs come inside the bundle,
    // not as files fetched after the page appears (which left them blank on a cold load).
    const glyphs = page.getByTestId('type-tab').locator('img.type-tab__glyph');
    await expect
      .poll(() => glyphs.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)), { timeout: 1_000 })
      .toEqual([true, true, true]);
    expect(iconRequests.filter((u) => u.includes('/game-icons/types/'))).toEqual([]);
    await expect(page.getByTestId('type-section').locator('h2').allTextContents()).resolves.toEqual(['Slots 1', 'Crash 1', 'Instant 2']);
    await expect(cardNames(page, page.getByTestId('type-section').getByTestId('game-card'))).resolves.toEqual(['Fortune Reels', 'Crash', 'Mines', 'Dice']);
    await expect(card(page, 'Fortune Reels').getByTestId('badge-hot').innerText()).resolves.toMatch(/hot/i);
    await expect(card(page, 'Mines').getByTestId('badge-new').count()).resolves.toBe(1);
    await expect(page.getByTestId('promo').locator('h2').innerText()).resolves.toBe('Fortune Reels');
    // The art loads (our own SVGs), not the drawn fallback.
    const art = card(page, 'Crash').locator('img.game-art');
    await art.scrollIntoViewIfNeeded(); // tiles load their art lazily
    await expect.poll(() => art.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'games-01-lobby-guest');
    await page.getByRole('tab', { name: 'Instant' }).click();
    await expect(cardNames(page, page.getByTestId('type-section').getByTestId('game-card'))).resolves.toEqual(['Mines', 'Dice']);
    await page.getByTestId('type-section').first().scrollIntoViewIfNeeded();
    await snap(page, 'games-02-lobby-tab');
  });

  it('search narrows as you type and keeps the filters in the address', async () => {
    await page.goto('/');
    await page.getByTestId('search-entry').click();
    await page.waitForURL(/\/game\/search$/);
    await expect(page.getByTestId('search-count').innerText()).resolves.toBe('4 games');
    await page.getByTestId('search-input').pressSequentially('mi', { delay: 60 });
    await page.waitForURL(/name=mi/);
    await expect(cardNames(page)).resolves.toEqual(['Mines']);
    await snap(page, 'games-03-search');
    await page.getByTestId('search-input').fill('');
    await expect.poll(() => cardNames(page)).toEqual(['Fortune Reels', 'Crash', 'Mines', 'Dice']);
    expect(new URL(page.url()).search).toBe('');
    await page.getByTestId('type-filter').getByRole('radio', { name: 'Instant' }).click();
    await page.waitForURL(/typeId=\d+/);
    await expect.poll(() => cardNames(page)).toEqual(['Mines', 'Dice']);
    // Back undoes the filter.
    await page.goBack();
    await expect.poll(() => cardNames(page)).toHaveLength(4);
    await page.goForward();
    await expect.poll(() => cardNames(page)).toEqual(['Mines', 'Dice']);
    await page.getByTestId('search-input').fill('zzz');
    await page.getByTestId('search-empty').waitFor();
    await snap(page, 'games-04-search-empty');
    await page.getByTestId('search-clear-all').click();
    await expect(page.getByTestId('search-count').innerText()).resolves.toBe('4 games');
  });

  it('a visitor plays a demo: the frame carries a demo launch token and the bar says Demo', async () => {
    await page.goto('/');
    await card(page, 'Crash').getByRole('link').click();
    await page.locator('.adm-action-sheet').getByText('Try the demo').click();
    await page.waitForURL(/\/game\/start\?gameId=\d+&tryIt=1$/);
    const src = await frameSrc(page);
    expect(src.pathname).toBe('/originals/play/crash');
    expect(src.searchParams.get('mode')).toBe('demo');
    expect(src.searchParams.get('token')).toMatch(/^[\w-]{43}$/);
    await expect(page.getByTestId('demo-badge').innerText()).resolves.toMatch(/demo/i);
    await expect(page.locator('.game-bar__name').innerText()).resolves.toBe('Crash');
    // (once the mode sheet has faded out)
    await expect.poll(() => exitIsReachable(page)).toBe(true);
    await snap(page, 'games-05-demo');
    await page.getByTestId('game-exit').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('type-section').first().waitFor();
  });

  it('real play while logged out lands on login', async () => {
    await page.goto('/game/start?gameId=1');
    await page.waitForURL(/\/auth\/login\?.*redirect=%2Fgame%2Fstart%3FgameId%3D1/);
    await page.locator('button[type="submit"]').waitFor();
    await snap(page, 'games-06-real-logged-out');
  });

  let account = '';
  it('a player favourites a game and sees it in Favourites at once', async () => {
    account = await registerPlayer(page, 'gam');
    await page.getByTestId('favourite-games').getByTestId('favourites-empty').waitFor();
    await card(page, 'Mines').getByTestId('game-like').click();
    await page.getByTestId('favourite-games').getByTestId('game-card').first().waitFor();
    await expect(cardNames(page, page.getByTestId('favourite-games').getByTestId('game-card'))).resolves.toEqual(['Mines']);
    await expect(card(page, 'Mines').getByTestId('game-like').getAttribute('aria-pressed')).resolves.toBe('true');
    // Kept by the server: still there after a reload.
    await page.reload();
    await page.getByTestId('favourite-games').getByTestId('game-card').first().waitFor();
    await expect(cardNames(page, page.getByTestId('favourite-games').getByTestId('game-card'))).resolves.toEqual(['Mines']);
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'games-07-favourites');
  });

  it('opens a game for real: token in the frame, balance in the bar; a round moves it; exit lands it in Recently played', async () => {
    await deposit50(page);
    // A stub game: the launch token stays unused for the provider's part below.
    await page.route('**/originals/play/**', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>stub game</title>' }));
    await page.goto('/');
    await card(page, 'Fortune Reels').getByRole('link').click();
    await page.waitForURL(/\/game\/start\?gameId=\d+$/);
    const src = await frameSrc(page);
    expect(src.pathname).toBe('/originals/play/slot');
    expect(src.searchParams.get('mode')).toBe('real');
    const launchToken = src.searchParams.get('token')!;
    await expect(page.getByTestId('game-bar-balance').innerText()).resolves.toContain('50');
    await expect(page.getByTestId('demo-badge').count()).resolves.toBe(0);
    await snap(page, 'games-08-real');

    // The game's part: exchange the token, bet 10, win 25.
    const auth = await provider<{ sessionToken: string; mode: string }>(stack, 'authenticate', { launchToken });
    expect(auth.mode).toBe('real');
    await provider(stack, 'bet', { sessionToken: auth.sessionToken, transactionId: 'e2e-bet-1', roundId: 'e2e-round-1', gameCode: 'slot', amount: 1000 });
    await provider(stack, 'win', { sessionToken: auth.sessionToken, transactionId: 'e2e-win-1', roundId: 'e2e-round-1', betTransactionId: 'e2e-bet-1', amount: 2500, endRound: true });
    // A game tells the page its balance moved; the bar follows.
    const game = page.frames().find((f) => f.url().includes('/originals/play/'));
    expect(game).toBeTruthy();
    await game!.evaluate(() => window.parent.postMessage({ type: 'playhall:balance' }, '*'));
    await page.getByTestId('game-bar-balance').filter({ hasText: '65' }).waitFor();

    await page.getByTestId('game-exit').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('recent-games').waitFor();
    await expect(cardNames(page, page.getByTestId('recent-games').getByTestId('game-card'))).resolves.toEqual(['Fortune Reels']);
    await expect(page.getByTestId('balance-pill').innerText()).resolves.toContain('65');
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'games-09-recent');
  });

  it('/member/games and /member/report show the round; /member/retrieve-balance closes an open session', async () => {
    await page.locator('.tab-bar').getByText('Me', { exact: true }).click();
    await page.getByTestId('bet-records-item').click();
    await page.waitForURL(/\/member\/games$/);
    const round = page.getByTestId('bet-round').first();
    await round.waitFor();
    await expect(round.innerText()).resolves.toContain('Fortune Reels');
    await expect(round.getByTestId('bet-net').innerText()).resolves.toBe('+15.00');
    await expect(round.innerText()).resolves.toMatch(/Bet 10[\s\S]*Win 25/);
    await page.getByTestId('bet-end').filter({ hasText: 'No more' }).waitFor();
    await snap(page, 'games-10-records');

    await page.goto('/member/report');
    await page.getByTestId('report-row').first().waitFor();
    await expect(page.getByTestId('report-row').first().innerText()).resolves.toMatch(/Slots[\s\S]*1 round/);
    await expect(page.getByTestId('report-total-net').innerText()).resolves.toBe('+15.00');
    await snap(page, 'games-11-report');

    // An open session at the provider (a launch the game exchanged), then close it from the page.
    const launch = await page.evaluate(async () => {
      const res = await fetch('/app/v1/startGame', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
        body: JSON.stringify({ channel: 'WEB', appVersion: '1.1.2', platform: 0, gameId: 2 }),
      });
      return ((await res.json()) as { data: { url: string } }).data.url;
    });
    await provider(stack, 'authenticate', { launchToken: new URL(launch, stack.baseUrl).searchParams.get('token') });
    await page.goto('/member/retrieve-balance');
    const originals = page.getByTestId('provider').first();
    await originals.getByTestId('provider-nothing').waitFor();
    await expect(originals.getByTestId('provider-sessions').innerText()).resolves.toBe('1 game session still open');
    await snap(page, 'games-12-retrieve');
    await originals.getByTestId('provider-retrieve').click();
    await originals.getByTestId('provider-sessions').waitFor({ state: 'detached' });
  });

  it('real play as a visitor goes to login and, after it, back into the game', async () => {
    const visitor = await stack.newContext();
    const p = await visitor.newPage();
    try {
      await p.goto('/game/start?gameId=2');
      await p.waitForURL(/\/auth\/login/);
      await p.getByText('Account', { exact: true }).first().click();
      await p.locator('input#account').fill(account);
      await p.locator('input#password').fill('secret-123');
      await p.locator('button[type="submit"]', { hasText: 'Log in' }).click();
      await p.waitForURL(/\/game\/start\?gameId=2$/);
      expect((await frameSrc(p)).searchParams.get('mode')).toBe('real');
      await expect(p.getByTestId('game-bar-balance').innerText()).resolves.toContain('65');
    } finally {
      await visitor.close();
    }
  });

  it('a game the operator put in maintenance: greyed tile, and its start page says so with a way back', async () => {
    // Its own phone, so the altered catalogue it caches stays there.
    const other = await stack.newContext();
    const p = await other.newPage();
    try {
      await p.route('**/app/v1/preLogin', async (route) => {
        const res = await route.fetch();
        const body = (await res.json()) as { data: { gameLists: { gameList: { name: string; status: string }[] } | null } };
        for (const g of body.data.gameLists?.gameList ?? []) if (g.name === 'Dice') g.status = 'maintenance';
        await route.fulfill({ response: res, json: body });
      });
      await p.route('**/app/v1/anonymous/startGame', (route) =>
        route.fulfill({ json: { code: 4002, msg: 'This game is under maintenance, please try again later', data: null } }));
      await p.goto('/');
      const dice = card(p, 'Dice');
      await dice.getByTestId('maintenance-label').waitFor();
      await dice.scrollIntoViewIfNeeded();
      await snap(p, 'games-16-maintenance-tile');
      await dice.getByRole('link').click({ force: true }); // aria-disabled, yet a tap explains why
      await p.getByText('This game is under maintenance, please try again later').first().waitFor();
      expect(new URL(p.url()).pathname).toBe('/');
      await p.goto('/game/start?gameId=4&tryIt=1');
      await p.getByTestId('game-error').waitFor();
      await expect(p.getByTestId('game-error-text').innerText()).resolves.toBe('This game is under maintenance, please try again later');
      await expect.poll(() => exitIsReachable(p)).toBe(true);
      await snap(p, 'games-17-maintenance-start');
      await p.getByTestId('game-back').click();
      await p.waitForURL((u) => u.pathname === '/');
    } finally {
      await other.close();
    }
  });

  it('the lobby in pt-BR and th-TH at 360 px', async () => {
    const small = await stack.newContext({ viewport: { width: 360, height: 740 } });
    const p = await small.newPage();
    try {
      for (const [lang, tab] of [['pt-BR', 'Caça-níqueis'], ['th-TH', 'สล็อต']] as const) {
        await small.addCookies([{ name: 'lang', value: lang, url: stack.baseUrl }]);
        await p.goto('/');
        await p.getByRole('tab', { name: tab }).waitFor();
        await snap(p, `games-13-lobby-360-${lang}`);
        await p.getByTestId('type-section').first().scrollIntoViewIfNeeded();
        await snap(p, `games-14-lobby-grid-360-${lang}`);
        await p.goto('/game/search');
        await p.getByTestId('search-count').waitFor();
        await snap(p, `games-15-search-360-${lang}`);
      }
    } finally {
      await small.close();
    }
  });

  it('on a wide screen the lobby keeps its phone column and a game fills the window', async () => {
    const wide = await stack.newContext({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
    const p = await wide.newPage();
    try {
      await p.goto('/');
      await p.getByTestId('type-section').first().waitFor();
      await expect(p.locator('.app').evaluate((el) => el.getBoundingClientRect().width)).resolves.toBeLessThanOrEqual(480);
      await snap(p, 'games-18-lobby-1280');
      await p.goto('/game/start?gameId=3&tryIt=1');
      await p.getByTestId('game-frame').waitFor();
      await expect(p.getByTestId('game-frame').evaluate((el) => el.getBoundingClientRect().width)).resolves.toBe(1280);
      await snap(p, 'games-19-game-1280');
    } finally {
      await wide.close();
    }
  });
});
