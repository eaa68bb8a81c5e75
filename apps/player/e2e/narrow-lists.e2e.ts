/**
 * Every list at 360×740, a common small Android (issue 13 §5: "list texts are truncated at 360 px").
 * The demo player (README, apps/server/src/db/seed) has history: deposits, a declined one, game
 * rounds, a pending withdrawal and a saved PIX account; a new player signs in for a daily reward.
 * On each list screen the page must not scroll sideways, and no text in a row may be cut (an
 * ellipsis, a clamp, clipped by its box) or pushed off the screen, nor overlap another text of its
 * row. An element the app shortens on purpose carries `data-abbrev` and its full text as `title`
 * (an order number elided in the middle, with a copy button); amounts and statuses never do.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { appCall, hasChromium, NARROW, registerPlayer, snap, startActivity, useStackPage, type Stack } from './harness.ts';

const LONG_HOLDER = 'Maria Aparecida dos Santos Oliveira Ferreira';


/**
 * What a player cannot read in the rows matched by `rows`: texts cut by their own box (ellipsis,
 * line clamp, overflow hidden), texts beyond the screen's edges, and texts of one row drawn over
 * each other. Also the page's own sideways scroll. Answers [] when every row reads fully.
 */
async function unreadable(page: Page, rows: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth > width) problems.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    const found = [...document.querySelectorAll<HTMLElement>(selector)].filter((r) => r.getClientRects().length > 0);
    if (found.length === 0) return [`no rows: ${selector}`];
    const say = (el: Element) => JSON.stringify((el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60));
    /** A row may sit beyond the screen's edge only inside a strip the player scrolls sideways (the game rows). */
    const inScroller = (el: Element) => {
      for (let a = el.parentElement; a; a = a.parentElement) if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return true;
      return false;
    };
    for (const row of found) {
      const box = row.getBoundingClientRect();
      const scrolled = inScroller(row);
      if (!scrolled && (box.left < -0.5 || box.right > width + 0.5)) problems.push(`row off screen: ${say(row)}`);
      const texts: { node: Text; rects: DOMRect[] }[] = [];
      for (const el of [row, ...row.querySelectorAll<HTMLElement>('*')]) {
        if (el.closest('[data-abbrev]') || !el.textContent?.trim() || el.getClientRects().length === 0) continue;
        const cs = getComputedStyle(el);
        if (cs.visibility === 'hidden') continue;
        const clipsX = cs.textOverflow === 'ellipsis' || cs.overflowX === 'hidden' || cs.overflowX === 'clip';
        const clipsY = cs.overflowY === 'hidden' || cs.overflowY === 'clip' || (cs as unknown as { webkitLineClamp: string }).webkitLineClamp !== 'none';
        if (clipsX && el.scrollWidth > el.clientWidth + 1) problems.push(`cut: ${say(el)} (${el.scrollWidth} > ${el.clientWidth})`);
        else if (clipsY && el.scrollHeight > el.clientHeight + 1) problems.push(`clamped: ${say(el)} (${el.scrollHeight} > ${el.clientHeight})`);
        for (const n of el.childNodes) {
          if (n.nodeType !== Node.TEXT_NODE || !n.textContent?.trim()) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
          if (!scrolled && rects.some((r) => r.left < -0.5 || r.right > width + 0.5)) problems.push(`off screen: ${say(el)}`);
          if (rects.some((r) => r.left < box.left - 1 || r.right > box.right + 1)) problems.push(`out of its row: ${say(el)}`);
          texts.push({ node: n as Text, rects });
        }
      }
      // Two texts of a row drawn over each other (a few pixels of glyph boxes touching is no overlap).
      for (let i = 0; i < texts.length; i++) {
        for (let j = i + 1; j < texts.length; j++) {
          const hit = texts[i]!.rects.some((a) => texts[j]!.rects.some((b) =>
            Math.min(a.right, b.right) - Math.max(a.left, b.left) > 3 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 3));
          if (hit) problems.push(`overlap: ${JSON.stringify(texts[i]!.node.textContent!.trim())} / ${JSON.stringify(texts[j]!.node.textContent!.trim())}`);
        }
      }
    }
    return [...new Set(problems)];
  }, rows);
}

/** Snaps the screen, then asserts its rows read fully. */
async function check(page: Page, name: string, rows: string): Promise<void> {
  await snap(page, `narrow-${name}`);
  expect(await unreadable(page, rows), name).toEqual([]);
}

async function logInDemo(page: Page): Promise<void> {
  await page.goto('/auth/accountLogin');
  await page.locator('input#account').fill('demo');
  await page.locator('input#password').fill('playhall123');
  await page.locator('button[type="submit"]').click();
  await page.getByTestId('balance-pill').waitFor({ timeout: 15_000 });
}

describe.skipIf(!hasChromium)('every list reads fully at 360×740', () => {
  const fixture = useStackPage();
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    stack = fixture.stack;
    context = await stack.newContext({ viewport: NARROW });
    page = await context.newPage();
    await logInDemo(page);
    // A few safebox moves, so the safebox kind of the records has rows too.
    for (let i = 0; i < 2; i++) expect((await appCall(page, 'safeboxDeposit', { amount: 1_000 + i * 500, requestId: `narrow-sbx-${i}` })).code).toBe(200);
    // A second PIX account whose holder has a long name, as many Brazilian names are.
    const banks = await appCall<{ channels: { id: number; name: string }[] }>(page, 'getBankInfoList', {});
    const pix = banks.data.channels.find((c) => c.name === 'PIX')!;
    const added = await appCall(page, 'addBankInfo', { typeId: pix.id, accountName: LONG_HOLDER, accountNo: '52998224725' });
    expect(added.code, added.msg).toBe(200);
  });

  it('wallet records: all kinds, deposits, withdrawals, safebox, games', async () => {
    await page.goto('/wallets/record');
    await page.getByRole('radio', { name: 'All time' }).click();
    await page.getByTestId('record').first().waitFor();
    await check(page, 'records-all', '[data-testid="record"], .records-day__title');
    await page.locator('[data-testid="record"][data-kind="game"]').first().scrollIntoViewIfNeeded();
    await check(page, 'records-all-games', '[data-testid="record"], .records-day__title');
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const [kind, label] of [['deposit', 'Deposit'], ['withdraw', 'Withdrawal'], ['safebox', 'Safebox']] as const) {
      await page.getByRole('radio', { name: label, exact: true }).click();
      await page.locator(`[data-testid="record"][data-kind="${kind}"]`).first().waitFor();
      await check(page, `records-${kind}`, '[data-testid="record"], .records-day__title');
    }
  });

  it('game rounds and the daily report', async () => {
    await page.goto('/member/games');
    await page.getByTestId('bet-round').first().waitFor();
    await check(page, 'bet-rounds', '[data-testid="bet-round"]');
    await page.goto('/member/report');
    await page.getByTestId('report-row').first().waitFor();
    await check(page, 'bet-report', '[data-testid="report-row"], .report-totals');
  });

  it('deposit: channels, amounts, banks and the deposit history', async () => {
    await page.goto('/wallets?name=deposit');
    await page.getByTestId('amount-chip').first().waitFor();
    await check(page, 'deposit-amounts', '.channel-tab, [data-testid="amount-chip"]');
    // Every channel is in sight: none half-hidden behind the edge of a strip scrolled sideways.
    const hidden = await page.locator('[role="tablist"] .channel-tab').evaluateAll((tabs) => tabs
      .filter((e) => {
        const r = e.getBoundingClientRect();
        const strip = e.parentElement!.getBoundingClientRect();
        return r.left < strip.left - 0.5 || r.right > strip.right + 0.5;
      })
      .map((e) => e.textContent));
    expect(hidden).toEqual([]);
    const banked = page.locator('.channel-tabs .channel-tab').nth(1);
    await banked.click();
    await page.locator('.bank-item').first().waitFor();
    await check(page, 'deposit-banks', '.channel-tab, [data-testid="amount-chip"], .bank-item');
    await page.getByTestId('deposit-history-open').click();
    await page.getByTestId('deposit-order').first().waitFor();
    await page.getByTestId('deposit-history-end').waitFor();
    await check(page, 'deposit-history', '[data-testid="deposit-order"]');
    await page.getByTestId('deposit-history-close').click();
  });

  it('withdraw: the accounts to pay to, the recent requests, one request and the saved accounts', async () => {
    await page.goto('/wallets?name=withdraw');
    await page.getByTestId('recent-withdrawal').first().waitFor();
    await page.getByTestId('account-option').filter({ hasText: LONG_HOLDER }).waitFor();
    await check(page, 'withdraw-accounts', '[data-testid="account-option"], [data-testid="withdraw-balance"]');
    await page.getByTestId('recent-withdrawal').first().scrollIntoViewIfNeeded();
    await check(page, 'withdraw-recent', '[data-testid="recent-withdrawal"]');
    await page.getByTestId('recent-withdrawal').first().click();
    await page.getByTestId('withdrawal').waitFor();
    await check(page, 'withdrawal', '.withdrawal-details > *, [data-testid="withdrawal-timeline"] li');
    await page.goto('/wallets/card/list');
    await page.getByTestId('saved-account').filter({ hasText: LONG_HOLDER }).waitFor();
    await check(page, 'cards', '[data-testid="saved-account"]');
  });

  it('the lobby grids, recently played and the search results', async () => {
    await page.goto('/');
    await page.getByTestId('recent-games').getByTestId('game-card').first().waitFor();
    await page.locator('.lobby [data-testid="game-card"]').first().waitFor();
    await check(page, 'home-recent', '[data-testid="recent-games"] [data-testid="game-card"]');
    await page.locator('.lobby [data-testid="game-card"]').first().scrollIntoViewIfNeeded();
    await check(page, 'home-lobby', '.lobby [data-testid="game-card"]');
    await page.locator('.notices .notice').last().scrollIntoViewIfNeeded();
    await check(page, 'home-notices', '.notices .notice');
    await page.goto('/game/search');
    await page.getByTestId('game-card').first().waitFor();
    await check(page, 'search', '[data-testid="game-card"]');
  });

  it('member menu, profile rows and the FAQ', async () => {
    await page.goto('/member');
    await page.locator('.menu-list .adm-list-item').first().waitFor();
    await check(page, 'member', '.menu-list .adm-list-item, .member-card');
    await page.locator('.menu-list').last().scrollIntoViewIfNeeded();
    await check(page, 'member-end', '.menu-list .adm-list-item');
    await page.goto('/member/profile');
    await page.locator('.menu-list .adm-list-item').first().waitFor();
    await page.locator('.menu-list').last().scrollIntoViewIfNeeded();
    await check(page, 'profile', '.menu-list .adm-list-item');
    await page.goto('/faq');
    await page.locator('.faq-list .adm-list-item').first().waitFor();
    await check(page, 'faq', '.faq-list .adm-list-item');
  });

  it('in pt-BR and th-TH, whose words are longer, the wallet lists still read fully', async () => {
    for (const lang of ['pt-BR', 'th-TH'] as const) {
      await context.addCookies([{ name: 'lang', value: lang, url: stack.baseUrl }]);
      await page.goto('/wallets/record');
      await page.locator('.records-chips').nth(1).getByRole('radio').last().click();
      await page.getByTestId('record').first().waitFor();
      await check(page, `records-${lang}`, '[data-testid="record"], .records-day__title');
      await page.goto('/wallets?name=withdraw');
      await page.getByTestId('recent-withdrawal').first().scrollIntoViewIfNeeded();
      await check(page, `withdraw-${lang}`, '[data-testid="account-option"], [data-testid="recent-withdrawal"]');
      await page.goto('/wallets?name=deposit');
      await page.getByTestId('deposit-history-open').click();
      await page.getByTestId('deposit-history-end').waitFor();
      await check(page, `deposit-history-${lang}`, '[data-testid="deposit-order"]');
      await page.goto('/member/games');
      await page.getByTestId('bet-round').first().waitFor();
      await check(page, `bet-rounds-${lang}`, '[data-testid="bet-round"]');
      await page.goto('/member');
      await page.locator('.menu-list').last().scrollIntoViewIfNeeded();
      await check(page, `member-${lang}`, '.menu-list .adm-list-item');
    }
    await context.addCookies([{ name: 'lang', value: 'en-US', url: stack.baseUrl }]);
  });

  it('rewards: the daily sign-in days, the reward record and the first-deposit tiers', async () => {
    await startActivity(stack, {
      type: 36, name: 'Daily sign-in', sort: 10,
      settings: { rewards: [123, 150, 250_000, 250, 300, 350, 1_000_000], multiplier: 2 },
    });
    await startActivity(stack, {
      type: 44, name: 'First deposit bonus', sort: 30,
      settings: { tiers: [{ minDeposit: 2_000, bonus: 500 }, { minDeposit: 10_000, bonus: 3_000 }, { minDeposit: 1_000_000, bonus: 250_000 }], multiplier: 3 },
    });
    const fresh = await stack.newContext({ viewport: NARROW });
    const p = await fresh.newPage();
    await registerPlayer(p, 'nar');
    // A new player first sees the first-deposit offer as a startup popup: close it.
    await p.getByTestId('first-deposit-close').click({ timeout: 10_000 });
    await p.getByTestId('first-deposit-modal').waitFor({ state: 'detached' });
    await p.goto('/activity/sign-in');
    const days = p.getByTestId('sign-in-day');
    await days.first().waitFor();
    await check(p, 'sign-in', '[data-testid="sign-in-day"]');
    await p.getByTestId('sign-in-receive').click();
    await p.getByTestId('reward-ok').click();
    await p.goto('/reward/record');
    await p.getByTestId('award-end').waitFor();
    await check(p, 'reward-record', '[data-testid="award-row"]');
    await p.goto('/activity/first-deposit');
    await p.getByTestId('first-deposit-tier').first().waitFor();
    await check(p, 'first-deposit', '[data-testid="first-deposit-tier"]');
    await fresh.close();
  });
});
