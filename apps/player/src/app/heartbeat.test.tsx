import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';


import { logIn, logOut, mockApi, newQueryClient } from '../lib/game-test-kit.tsx';
import { renderApp } from './app-test-kit.tsx';
import { resetEachTest } from '../lib/test-reset.ts';

resetEachTest();

const advance = (ms: number) => act(async () => { await vi.advanceTimersByTimeAsync(ms); });

describe('the session heartbeat (spec §7 online, §9 60 s)', () => {
  it('beats every 60 s on any page while logged in, naming no game, and the bar balance follows its answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    logIn();
    const api = mockApi({ refreshData: () => ({ errcode: 0, coin: 98_765 }), online: () => ({ coin: 55_500 }) });
    await renderApp('/', newQueryClient());
    await waitFor(() => expect(screen.getByTestId('balance-pill').textContent).toContain('987'));
    await advance(59_000);
    expect(api.calls.online).toBeUndefined();
    await advance(1_000);
    expect(api.calls.online).toHaveLength(1);
    expect(api.calls.online![0]!.gameId).toBeUndefined();
    await waitFor(() => expect(screen.getByTestId('balance-pill').textContent).toContain('555'));
    await advance(120_000);
    expect(api.calls.online).toHaveLength(3);
  });

  it('a visitor sends none; logging out stops it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({ refreshData: () => ({ errcode: 0, coin: 1 }), online: () => ({ coin: 1 }) });
    await renderApp('/', newQueryClient());
    await advance(180_000);
    expect(api.calls.online).toBeUndefined();
    act(() => logIn());
    await advance(60_000);
    expect(api.calls.online).toHaveLength(1);
    act(() => logOut());
    await advance(180_000);
    expect(api.calls.online).toHaveLength(1);
  });
});
