import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';


import type { BetRound } from '@playhall/contract';
import { showSuccessToast } from '../../../lib/notify.ts';
import { $, logIn, mockApi, newQueryClient } from '../../../lib/game-test-kit.tsx';
import { renderApp } from '../../../app/app-test-kit.tsx';
import { betRangeDays } from '../api/records-api.ts';
import { resetEachTest } from '../../../lib/test-reset.ts';

function round(n: number, over: Partial<BetRound> = {}): BetRound {
  const startedAt = new Date(Date.now() - n * 60_000).toISOString();
  return {
    roundId: `orig:${n}`, gameId: 1, gameName: 'Fortune Reels', typeId: 1, platformName: 'Originals', bet: $(1000), win: $(0), net: $(-1000),
    status: 'settled', startedAt, endedAt: startedAt, ...over,
  };
}

/** 45 rounds, served 20 a page like the server. */
function pagedRounds(all: BetRound[]) {
  return (b: Record<string, unknown>) => {
    const pageNum = Number(b.pageNum);
    const pageSize = Number(b.pageSize);
    return { list: all.slice((pageNum - 1) * pageSize, pageNum * pageSize), pageNum, pageSize, total: all.length, pages: Math.ceil(all.length / pageSize) };
  };
}

resetEachTest();

describe('game record periods', () => {
  it('count calendar days (UTC, as the server does) ending today', () => {
    const now = new Date(Date.UTC(2026, 10, 21, 23, 30));
    expect(betRangeDays('today', now)).toEqual({ from: '2026-11-21', to: '2026-11-21' });
    expect(betRangeDays('7', now)).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(betRangeDays('90', now)).toEqual({ from: '2026-08-24', to: '2026-11-21' });
  });
});

describe('/member/games', () => {
  it('needs a player', async () => {
    mockApi({});
    const app = await renderApp('/member/games', newQueryClient());
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/auth/login'));
  });

  it('lists rounds with game, bet, win and net; pages on to "No more"', async () => {
    // jsdom lays nothing out; the infinite list only loads for an element that is laid out.
    const offsetParent = vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
      return this.parentElement;
    });
    const all = Array.from({ length: 45 }, (_, i) => round(i + 1));
    all[0] = round(1, { gameName: 'Crash Rocket', bet: $(2000), win: $(5000), net: $(3000), platformName: 'Originals' });
    all[1] = round(2, { status: 'open', win: $(0), net: $(-1000) });
    const api = mockApi({ betRecord: pagedRounds(all) });
    logIn();
    await renderApp('/member/games', newQueryClient());
    const first = (await screen.findAllByTestId('bet-round'))[0]!;
    expect(first.textContent).toContain('Crash Rocket');
    expect(first.textContent).toContain('Bet 20.00');
    expect(first.textContent).toContain('Win 50.00');
    expect(within(first).getByTestId('bet-net').textContent).toBe('+30.00');
    expect(within(first).getByTestId('bet-net').className).toBe('net--up');
    const second = screen.getAllByTestId('bet-round')[1]!;
    expect(within(second).getByTestId('bet-net').textContent).toBe('−10.00');
    expect(second.textContent).toContain('In play');
    expect(await screen.findByTestId('bet-end')).toBeTruthy();
    expect(screen.getByTestId('bet-end').textContent).toBe('No more');
    expect(screen.getAllByTestId('bet-round')).toHaveLength(45);
    expect(api.calls.betRecord!.map((b) => b.pageNum)).toEqual([1, 2, 3]);
    expect(api.calls.betRecord![0]).toMatchObject({ pageSize: 20, ...betRangeDays('7') });
    expect(offsetParent).toHaveBeenCalled();
  });

  it('period and type chips ask the server again with those filters', async () => {
    const api = mockApi({ betRecord: pagedRounds([round(1)]) });
    logIn();
    await renderApp('/member/games', newQueryClient());
    await screen.findAllByTestId('bet-round');
    fireEvent.click(within(screen.getByTestId('range-filter')).getByRole('radio', { name: 'Today' }));
    await waitFor(() => expect(api.calls.betRecord!.at(-1)).toMatchObject(betRangeDays('today')));
    fireEvent.click(within(screen.getByTestId('bet-type-filter')).getByRole('radio', { name: 'Crash' }));
    await waitFor(() => expect(api.calls.betRecord!.at(-1)).toMatchObject({ typeId: 2, ...betRangeDays('today') }));
  });

  it('with no rounds says what to do next', async () => {
    mockApi({ betRecord: pagedRounds([]) });
    logIn();
    await renderApp('/member/games', newQueryClient());
    const empty = await screen.findByTestId('bet-empty');
    expect(empty.textContent).toContain('No rounds in this period');
    expect(within(empty).getByRole('button', { name: 'Browse games' })).toBeTruthy();
  });
});

describe('/member/report', () => {
  it('shows exact figures, so the rows add up to the totals as shown (issue 13: bet 161, win 156, net −4 over rows of −5)', async () => {
    mockApi({
      betRecordReport: (b) => ({
        from: b.from, to: b.to,
        totals: { rounds: 3, bet: 16_150, win: 15_701, net: -449 },
        rows: [
          { date: '2026-11-21', typeId: 1, typeName: 'Slots', rounds: 1, bet: 6_050, win: 5_900, net: -150 },
          { date: '2026-11-21', typeId: 2, typeName: 'Crash', rounds: 1, bet: 5_050, win: 4_900, net: -150 },
          { date: '2026-11-20', typeId: 1, typeName: 'Slots', rounds: 1, bet: 5_050, win: 4_901, net: -149 },
        ],
      }),
    });
    logIn();
    await renderApp('/member/report', newQueryClient());
    const totals = await screen.findByTestId('report-totals');
    const cents = (text: string | null) => Math.round(Number(text!.replace('−', '-').replace('+', '').replace(/,/g, '')) * 100);
    const shown = (id: string) => screen.getAllByTestId(id).map((e) => cents(e.textContent));
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    expect(within(totals).getByTestId('report-total-net').textContent).toBe('−4.49');
    expect(sum(shown('report-net'))).toBe(cents(within(totals).getByTestId('report-total-net').textContent));
    expect(sum(shown('report-bet'))).toBe(cents(within(totals).getByTestId('report-total-bet').textContent));
    expect(sum(shown('report-win'))).toBe(cents(within(totals).getByTestId('report-total-win').textContent));
  });

  it('shows the totals and a row per day and game type', async () => {
    const api = mockApi({
      betRecordReport: (b) => ({
        from: b.from, to: b.to,
        totals: { rounds: 7, bet: $(7000), win: $(9000), net: $(2000) },
        rows: [
          { date: '2026-11-21', typeId: 1, typeName: 'Slots', rounds: 4, bet: $(4000), win: $(1000), net: $(-3000) },
          { date: '2026-11-21', typeId: 2, typeName: 'Crash', rounds: 2, bet: $(2000), win: $(8000), net: $(6000) },
          { date: '2026-11-20', typeId: 1, typeName: 'Slots', rounds: 1, bet: $(1000), win: $(0), net: $(-1000) },
        ],
      }),
    });
    logIn();
    await renderApp('/member/report', newQueryClient());
    const totals = await screen.findByTestId('report-totals');
    expect(totals.textContent).toContain('Total bet70.00');
    expect(totals.textContent).toContain('Total win90.00');
    expect(within(totals).getByTestId('report-total-net').textContent).toBe('+20.00');
    const days = screen.getAllByTestId('report-day');
    expect(days).toHaveLength(2);
    const rows = within(days[0]!).getAllByTestId('report-row');
    expect(rows.map((r) => within(r).getByTestId('report-net').textContent)).toEqual(['−30.00', '+60.00']);
    expect(rows[0]!.textContent).toContain('4 rounds');
    expect(within(days[1]!).getAllByTestId('report-row')[0]!.textContent).toContain('1 round');
    expect(api.calls.betRecordReport![0]).toMatchObject(betRangeDays('7'));
    fireEvent.click(within(screen.getByTestId('range-filter')).getByRole('radio', { name: 'Last 30 days' }));
    await waitFor(() => expect(api.calls.betRecordReport!.at(-1)).toMatchObject(betRangeDays('30')));
  });
});

describe('/member/retrieve-balance', () => {
  it('seamless providers have nothing to retrieve; open sessions can be closed', async () => {
    const api = mockApi({
      gameBalanceList: () => ({ list: [{ platformId: 1, name: 'Originals', walletMode: 'seamless', balance: null, openSessions: 2 }] }),
      retrieveBalance: () => ({ retrieved: $(0), closedSessions: 2, list: [{ platformId: 1, name: 'Originals', walletMode: 'seamless', balance: null, openSessions: 0 }] }),
      refreshData: () => ({ errcode: 0, coin: $(100) }),
    });
    logIn();
    await renderApp('/member/retrieve-balance', newQueryClient());
    const provider = await screen.findByTestId('provider');
    expect(within(provider).getByTestId('provider-nothing').textContent).toBe('Nothing to retrieve: this provider plays straight from your balance.');
    expect(within(provider).getByTestId('provider-sessions').textContent).toBe('2 game sessions still open');
    fireEvent.click(within(provider).getByRole('button', { name: 'Close open sessions' }));
    await waitFor(() => expect(within(screen.getByTestId('provider')).queryByTestId('provider-sessions')).toBeNull());
    expect(api.calls.retrieveBalance![0]).toMatchObject({ platformId: 1 });
    expect(showSuccessToast).toHaveBeenCalledWith('2 sessions closed.');
    expect(within(screen.getByTestId('provider')).queryByRole('button')).toBeNull();
  });

  it('a transfer provider shows what it holds and brings it back', async () => {
    mockApi({
      gameBalanceList: () => ({ list: [{ platformId: 3, name: 'Far Games', walletMode: 'transfer', balance: $(12_300), openSessions: 0 }] }),
      retrieveBalance: () => ({ retrieved: $(12_300), closedSessions: 0, list: [{ platformId: 3, name: 'Far Games', walletMode: 'transfer', balance: $(0), openSessions: 0 }] }),
      refreshData: () => ({ errcode: 0, coin: $(100) }),
    });
    logIn();
    await renderApp('/member/retrieve-balance', newQueryClient());
    const provider = await screen.findByTestId('provider');
    expect(provider.textContent).toContain('Held at this provider: 123');
    fireEvent.click(within(provider).getByRole('button', { name: 'Retrieve to my balance' }));
    await waitFor(() => expect(showSuccessToast).toHaveBeenCalledWith('123 is back in your balance.'));
    expect(screen.getByTestId('provider').textContent).toContain('Held at this provider: 0');
  });
});
