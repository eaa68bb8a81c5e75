import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';


import type { CoinRecord } from '@playhall/contract';
import { $, logIn, mockApi, newQueryClient } from '../../../lib/game-test-kit.tsx';
import { renderApp } from '../../../app/app-test-kit.tsx';
import { resetEachTest } from '../../../lib/test-reset.ts';

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 1000).toISOString();
function rec(over: Partial<CoinRecord> & Pick<CoinRecord, 'id' | 'kind' | 'reason' | 'amount' | 'balanceAfter'>): CoinRecord {
  return { createdAt: at(over.id), book: 'coin', reference: null, orderId: null, status: null, timeline: [], note: null, safeboxAfter: null, game: null, ...over };
}

resetEachTest();

describe('/wallets/record', () => {
  it('shows one row per thing the player did, with exact signed amounts, statuses and a day total that is their sum', async () => {
    const list: CoinRecord[] = [
      rec({ id: 1, kind: 'withdraw', reason: 'withdraw_hold', amount: $(-2000), balanceAfter: $(1048), orderId: 'WD0123456789ABCDEF0123', status: 'pending', timeline: [{ step: 'requested', at: at(1) }] }),
      rec({ id: 2, kind: 'bonus', reason: 'reward_free_sign', amount: $(150), balanceAfter: $(3048) }),
      rec({ id: 3, kind: 'game', reason: 'game_session', amount: $(248), balanceAfter: $(2898), game: { gameId: 1, gameName: 'Fortune Reels', rounds: 2, bet: $(300), win: $(548), startedAt: at(4) } }),
      rec({ id: 4, kind: 'safebox', reason: 'safebox_in', amount: $(-100), balanceAfter: $(2650), safeboxAfter: $(100) }),
      rec({ id: 5, kind: 'deposit', reason: 'deposit', amount: $(2750), balanceAfter: $(2750), orderId: 'DP0123456789ABCDEF0123' }),
    ];
    mockApi({ appUserCoinDetail: (b) => ({ list, pageNum: Number(b.pageNum), pageSize: 20, total: list.length, pages: 1 }) });
    logIn();
    await renderApp('/wallets/record', newQueryClient());
    const rows = await screen.findAllByTestId('record');
    expect(rows.map((r) => within(r).getByTestId('record-amount').textContent)).toEqual(['\u221220.00', '+1.50', '+2.48', '\u22121.00', '+27.50']);
    expect(rows.map((r) => within(r).getByTestId('record-balance').textContent)).toEqual(['10.48', '30.48', '28.98', '26.50', '27.50']);
    // The withdrawal reads as money going out, pending, linked to its request; no "On hold" leg.
    expect(rows[0]!.textContent).toContain('Withdrawal requested');
    expect(within(rows[0]!).getByTestId('withdrawal-status').textContent).toBe('Pending');
    expect(rows[0]!.querySelector('a')?.getAttribute('href')).toBe('/withdrawal/WD0123456789ABCDEF0123');
    expect(screen.queryByText(/On hold/)).toBeNull();
    expect(rows[1]!.textContent).toContain('Reward received');
    expect(rows[2]!.textContent).toMatch(/Fortune Reels.*2 rounds.*Staked 3\.00.*Paid out 5\.48/);
    expect(rows[3]!.textContent).toContain('In safebox 1.00');
    expect(screen.getByTestId('records-day-total').textContent).toBe('+10.48');
  }, 20_000);
});
