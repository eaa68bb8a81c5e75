/**
 * Wallet records against the real server and the built app at 390×844: the empty state of a new
 * player, a sandbox deposit that shows up as a credited record, one row per safebox move, a game
 * session and a withdrawal (issue 13 §3: one row each, never a ledger leg), the list ending in
 * 'No more', and the figures (decision 026): each day's total is the sum of its rows as shown, each
 * balance follows from the row before it, and the newest balance is the top bar's, floored.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { appCall, hasChromium, provider, snap, registerPlayer, useStackPage, type Stack } from './harness.ts';



/** An exact figure as shown ("+1,234.56", "−0.10") back to hundredths. */
const cents = (shown: string) => {
  const m = /^([+\u2212]?)([\d,]+)\.(\d\d)$/.exec(shown.trim());
  if (!m) throw new Error(`not an exact figure: ${JSON.stringify(shown)}`);
  return (m[1] === '\u2212' ? -1 : 1) * (Number(m[2]!.replace(/,/g, '')) * 100 + Number(m[3]));
};

describe.skipIf(!hasChromium)('wallet records journeys', () => {
  const fixture = useStackPage();
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;
  beforeAll(() => ({ stack, context, page } = fixture));

  it('a new player sees an empty state that leads to a deposit', async () => {
    await registerPlayer(page, 'rec');
    await page.locator('.tab-bar').getByText('Me', { exact: true }).click();
    await page.getByTestId('records-item').click();
    await page.waitForURL(/\/wallets\/record$/);
    await page.getByTestId('records-empty').waitFor();
    await page.getByText('No records match these filters').waitFor();
    await snap(page, 'records-1-empty-filtered');
    await page.getByRole('radio', { name: 'All time' }).click();
    await page.getByText('No wallet records yet').waitFor();
    await snap(page, 'records-2-empty');
    await page.getByTestId('records-deposit').click();
    await page.waitForURL(/\/wallets\?name=deposit/);
    await page.getByTestId('amount-chip').first().waitFor();
  });

  it('after a sandbox deposit the record shows the credited amount, and the list ends with No more', async () => {
    await page.getByTestId('amount-chip').filter({ hasText: /^50$/ }).click();
    await page.getByTestId('deposit-submit').click();
    await page.waitForURL(/\/sandbox\/pay\/DP/);
    await page.getByRole('button', { name: 'Approve payment' }).click();
    await page.waitForURL(/\/wallets\?name=deposit&orderId=DP/);
    await page.getByText('Deposit credited').waitFor({ timeout: 20_000 });
    await page.getByTestId('records-link').click();
    await page.waitForURL(/\/wallets\/record$/);
    const row = page.getByTestId('record').first();
    await row.waitFor();
    await expect(row.getAttribute('data-kind')).resolves.toBe('deposit');
    await expect(row.getByTestId('record-amount').innerText()).resolves.toBe('+50.00');
    await expect(row.innerText()).resolves.toContain('Deposit credited');
    await expect(page.getByTestId('record').count()).resolves.toBe(1);
    await page.getByTestId('records-end').filter({ hasText: 'No more' }).waitFor();
    await snap(page, 'records-3-after-deposit');
    // The kind filter narrows the list: no game rounds yet.
    await page.getByRole('radio', { name: 'Game' }).click();
    await page.getByTestId('records-empty').waitFor();
    await page.getByRole('radio', { name: 'Deposit' }).click();
    await page.getByTestId('record').first().waitFor();
    await snap(page, 'records-4-deposit-filter');
  });

  it('shows the records in pt-BR and th-TH', async () => {
    for (const [lang, title, end] of [['pt-BR', 'Extrato da carteira', 'Não há mais'], ['th-TH', 'ประวัติกระเป๋าเงิน', 'ไม่มีรายการเพิ่มเติม']] as const) {
      await context.addCookies([{ name: 'lang', value: lang, url: stack.baseUrl }]);
      await page.goto('/wallets/record');
      await page.getByText(title).first().waitFor();
      await page.getByTestId('records-end').filter({ hasText: end }).waitFor();
      await snap(page, `records-5-${lang}`);
    }
    await context.addCookies([{ name: 'lang', value: 'en-US', url: stack.baseUrl }]);
  });

  it('loads the next page on scroll and then ends with No more; one row per safebox move', async () => {
    // 22 safebox moves through the real call: 22 more rows (one each, not one per book), 23 in all (page size 20).
    const codes: number[] = [];
    for (let i = 0; i < 22; i++) codes.push((await appCall(page, 'safeboxDeposit', { amount: 100, requestId: `e2e-rec-${i}` })).code);
    expect(codes).toEqual(Array(22).fill(200));
    await page.goto('/wallets/record');
    await page.getByTestId('record').first().waitFor();
    await expect(page.getByText('Moved to safebox').count()).resolves.toBeGreaterThan(0);
    await expect(page.getByTestId('record').count()).resolves.toBe(20);
    await page.locator('.adm-infinite-scroll').scrollIntoViewIfNeeded();
    await page.getByTestId('records-end').filter({ hasText: 'No more' }).waitFor({ timeout: 10_000 });
    await expect(page.getByTestId('record').count()).resolves.toBe(23);
    await expect(page.getByTestId('record').last().getByTestId('record-amount').innerText()).resolves.toBe('+50.00');
    await expect(page.getByTestId('record').first().innerText()).resolves.toContain('In safebox 22.00');
    await snap(page, 'records-6-paged-end');
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'records-7-safebox-moves');
  });

  it('a game session is one row with its exact payout; a withdrawal is one row going out, pending then paid', async () => {
    // A real-money launch of a game, then the game's part over the signed protocol: two rounds,
    // the first paying 5.48 (a figure the old floored display showed as "+0"-like whole coins).
    const start = await appCall<{ url: string }>(page, 'startGame', { gameId: 1 });
    expect(start.code, start.msg).toBe(200);
    const launch = new URL(start.data.url, stack.baseUrl);
    const gameCode = launch.pathname.split('/').pop()!;
    const auth = await provider<{ sessionToken: string }>(stack, 'authenticate', { launchToken: launch.searchParams.get('token') });
    const s = auth.sessionToken;
    await provider(stack, 'bet', { sessionToken: s, transactionId: 'rec-bet-1', roundId: 'rec-round-1', gameCode, amount: 100 });
    await provider(stack, 'win', { sessionToken: s, transactionId: 'rec-win-1', roundId: 'rec-round-1', amount: 548, endRound: true });
    await provider(stack, 'bet', { sessionToken: s, transactionId: 'rec-bet-2', roundId: 'rec-round-2', gameCode, amount: 200 });
    await provider(stack, 'win', { sessionToken: s, transactionId: 'rec-win-2', roundId: 'rec-round-2', amount: 0, endRound: true });

    // A withdrawal of 20 to a saved PIX account, through the player's own calls.
    const saved = await appCall<{ list: Array<{ id: number }> }>(page, 'addBankInfo', { typeId: 1, accountName: 'Ana Souza', accountNo: '12345678901' });
    expect(saved.code, saved.msg).toBe(200);
    const asked = await appCall<{ order: { orderId: string } }>(page, 'exchange', { accountId: saved.data.list[0]!.id, amount: 2_000, requestId: 'e2e-rec-wd' });
    expect(asked.code, asked.msg).toBe(200);
    const orderId = asked.data.order.orderId;

    await page.goto('/wallets/record');
    const rows = page.getByTestId('record');
    await rows.first().waitFor();
    const withdrawals = page.locator('[data-testid="record"][data-kind="withdraw"]');
    await expect(withdrawals.count()).resolves.toBe(1);
    await expect(withdrawals.getByTestId('record-amount').innerText()).resolves.toBe('\u221220.00');
    await expect(withdrawals.getAttribute('data-status')).resolves.toBe('pending');
    await expect(withdrawals.innerText()).resolves.toMatch(/Withdrawal requested[\s\S]*Pending/);
    await expect(withdrawals.innerText()).resolves.not.toContain('On hold');
    const game = page.locator('[data-testid="record"][data-kind="game"]');
    await expect(game.count()).resolves.toBe(1);
    await expect(game.getByTestId('record-amount').innerText()).resolves.toBe('+2.48');
    await expect(game.innerText()).resolves.toMatch(/2 rounds[\s\S]*Staked 3\.00[\s\S]*Paid out 5\.48/);
    await snap(page, 'records-8-withdrawal-pending');

    await stack.ops('withdrawals', 'approve', orderId);
    await page.reload();
    await page.locator('[data-testid="record"][data-kind="withdraw"][data-status="paid"]').waitFor();
    await expect(withdrawals.count()).resolves.toBe(1);
    await expect(withdrawals.getByTestId('record-amount').innerText()).resolves.toBe('\u221220.00');
    await expect(withdrawals.getByTestId('record-steps').innerText()).resolves.toMatch(/Requested[\s\S]*Approved[\s\S]*Paid/);
    await snap(page, 'records-9-withdrawal-paid');
  });

  it('every day total is the sum of its rows as shown, and each balance follows from the amounts', async () => {
    await page.goto('/wallets/record');
    await page.getByTestId('record').first().waitFor();
    await page.locator('.adm-infinite-scroll').scrollIntoViewIfNeeded();
    await page.getByTestId('records-end').filter({ hasText: 'No more' }).waitFor({ timeout: 10_000 });
    // 1 deposit, 22 safebox moves, 1 game session, 1 withdrawal.
    await expect(page.getByTestId('record').count()).resolves.toBe(25);
    const days = await page.getByTestId('records-day').evaluateAll((sections) => sections.map((d) => ({
      total: d.querySelector('[data-testid="records-day-total"]')!.textContent!,
      amounts: [...d.querySelectorAll('[data-testid="record-amount"]')].map((e) => e.textContent!),
    })));
    for (const d of days) expect(d.amounts.map(cents).reduce((a, b) => a + b, 0)).toBe(cents(d.total));
    const rows = await page.getByTestId('record').evaluateAll((els) => els.map((e) => ({
      amount: e.querySelector('[data-testid="record-amount"]')!.textContent!,
      balance: e.querySelector('[data-testid="record-balance"]')!.textContent!,
    })));
    for (let i = 0; i + 1 < rows.length; i++) {
      expect(cents(rows[i]!.balance) - cents(rows[i]!.amount), `row ${i}`).toBe(cents(rows[i + 1]!.balance));
    }
    expect(cents(rows[rows.length - 1]!.balance)).toBe(cents(rows[rows.length - 1]!.amount));
    // 50 − 22 + 2.48 − 20 = 10.48; the top bar shows the same balance floored.
    expect(rows[0]!.balance).toBe('10.48');
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, 'records-10-sums');
    await page.goto('/wallets?name=withdraw');
    await page.getByTestId('withdraw-coin').filter({ hasText: /^10$/ }).waitFor();
    await expect(page.getByTestId('balance-pill').innerText()).resolves.toMatch(/^\s*10\s*$/);
    await snap(page, 'records-11-wallet-balance');
  });

  it('the game records and report show exact figures whose rows add up to the totals', async () => {
    await page.goto('/member/games');
    const rounds = page.getByTestId('bet-round');
    await page.getByTestId('bet-end').waitFor();
    await expect(rounds.getByTestId('bet-net').allInnerTexts()).resolves.toEqual(['\u22122.00', '+4.48']);
    await expect(rounds.last().innerText()).resolves.toMatch(/Bet 1\.00[\s\S]*Win 5\.48/);
    await snap(page, 'records-12-game-rounds');
    await page.goto('/member/report');
    await page.getByTestId('report-row').first().waitFor();
    const sum = async (id: string) => (await page.getByTestId(id).allInnerTexts()).map(cents).reduce((a, b) => a + b, 0);
    const total = async (id: string) => cents(await page.getByTestId(id).innerText());
    await expect(total('report-total-net')).resolves.toBe(248);
    await expect(sum('report-net')).resolves.toBe(await total('report-total-net'));
    await expect(sum('report-bet')).resolves.toBe(await total('report-total-bet'));
    await expect(sum('report-win')).resolves.toBe(await total('report-total-win'));
    await expect(sum('report-net')).resolves.toBe((await sum('report-win')) - (await sum('report-bet')));
    await snap(page, 'records-13-game-report');
  });
});
