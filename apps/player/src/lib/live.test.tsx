/**
 * Live pushes on the player side (decision 053): one socket opened when a screen first subscribes,
 * topics (re)sent on open, reconnect with capped backoff, nothing retried after a refusal of our
 * own messages, and a query that polls every 6 s only while the socket is down. A fake WebSocket
 * stands in for the browser's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { ClientConstants, LiveCloseCode } from '@playhall/contract';
import type * as LiveModule from './live.ts';

/** The browser's WebSocket as this module uses it: each instance records what it sent; tests open, feed and close it. */
class FakeSocket {
  static all: FakeSocket[] = [];
  static get last(): FakeSocket {
    return FakeSocket.all[FakeSocket.all.length - 1]!;
  }
  readonly sent: unknown[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  closedWith: number | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    if (this.readyState !== 1) throw new Error('send on a socket that is not open');
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // What the server or the network does:
  serverOpens() {
    this.readyState = 1;
    this.onopen?.();
  }
  serverSends(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drops(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

async function load(): Promise<typeof LiveModule> {
  vi.resetModules();
  return import('./live.ts');
}

const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the live connection', () => {
  it('opens no socket until a screen subscribes, then one for every topic and screen, on the page\'s host', async () => {
    const { LiveConnection } = await load();
    expect(FakeSocket.all).toHaveLength(0); // importing the module opens nothing
    const conn = new LiveConnection();
    const got: unknown[] = [];
    conn.subscribe('jackpot', (d) => got.push(['a', d]));
    conn.subscribe('jackpot', (d) => got.push(['b', d]));
    expect(FakeSocket.all).toHaveLength(1);
    expect(FakeSocket.last.url).toBe(`ws://${window.location.host}/app/live`);
    FakeSocket.last.serverOpens();
    expect(conn.isOpen).toBe(true);
    expect(FakeSocket.last.sent).toEqual([{ op: 'sub', topics: ['jackpot'] }]);
    FakeSocket.last.serverSends({ topic: 'jackpot', data: { total: 5 } });
    FakeSocket.last.serverSends({ topic: 'other', data: 1 });
    FakeSocket.last.serverSends({ error: 'unknownTopic', topic: 'x' });
    expect(got).toEqual([
      ['a', { total: 5 }],
      ['b', { total: 5 }],
    ]);
  });

  it('reconnects after a drop with a capped, growing backoff and subscribes again; an open socket resets it', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.999); // the longest delay of each draw
    const { LiveConnection, LIVE_BACKOFF } = await load();
    const conn = new LiveConnection();
    conn.subscribe('jackpot', () => undefined);
    const delays: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = FakeSocket.all.length;
      FakeSocket.last.drops();
      let waited = 0;
      while (FakeSocket.all.length === before) {
        await advance(100);
        waited += 100;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(LIVE_BACKOFF.maxMs).toBe(30_000);
    FakeSocket.last.serverOpens();
    expect(FakeSocket.last.sent).toEqual([{ op: 'sub', topics: ['jackpot'] }]);
    // Open again: the next drop starts from the first delay.
    FakeSocket.last.drops();
    await advance(998);
    expect(FakeSocket.all).toHaveLength(8);
    await advance(2);
    expect(FakeSocket.all).toHaveLength(9);
  });

  it('an instance going away is left for another within 2 s; a refusal of our messages is not retried', async () => {
    const { LiveConnection } = await load();
    const conn = new LiveConnection();
    conn.subscribe('jackpot', () => undefined);
    FakeSocket.last.serverOpens();
    FakeSocket.last.drops(LiveCloseCode.goingAway);
    await advance(2_000);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.last.serverOpens();
    FakeSocket.last.drops(LiveCloseCode.badMessage);
    await advance(120_000);
    expect(FakeSocket.all).toHaveLength(2);
    expect(conn.isOpen).toBe(false);
  });

  it('unsubscribes a topic its last screen leaves, closes the socket 15 s after the last one, and keeps it for a screen that comes back', async () => {
    const { LiveConnection, LINGER_MS } = await load();
    const conn = new LiveConnection();
    const off = conn.subscribe('jackpot', () => undefined);
    const socket = FakeSocket.last;
    socket.serverOpens();
    off();
    off(); // twice changes nothing
    expect(socket.sent).toEqual([{ op: 'sub', topics: ['jackpot'] }, { op: 'unsub', topics: ['jackpot'] }]);
    await advance(LINGER_MS - 1_000);
    const again = conn.subscribe('jackpot', () => undefined);
    expect(FakeSocket.all).toHaveLength(1);
    expect(socket.sent.at(-1)).toEqual({ op: 'sub', topics: ['jackpot'] });
    await advance(LINGER_MS * 2);
    expect(socket.closedWith).toBeNull();
    again();
    await advance(LINGER_MS);
    expect(socket.closedWith).toBe(1000);
    expect(conn.isOpen).toBe(false);
    // Nobody listens: a drop now is not retried.
    await advance(120_000);
    expect(FakeSocket.all).toHaveLength(1);
  });
});

describe('useLiveTopic with a polled query', () => {
  it('polls every 6 s while the socket is down, not while it is open, and shows pushed numbers', async () => {
    const { useLiveTopic, livePollInterval } = await load();
    let fetches = 0;
    function Pools() {
      const qc = useQueryClientSafe();
      const live = useLiveTopic<{ total: number }>('jackpot', (m) => qc.setQueryData(['pools'], m));
      const q = useQuery({
        queryKey: ['pools'],
        queryFn: async () => ({ total: ++fetches * 100 }),
        refetchInterval: livePollInterval(live, ClientConstants.jackpotRefreshMs),
      });
      return (
        <p data-testid="pools">
          {live ? 'live' : 'polling'} {q.data?.total}
        </p>
      );
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    useQueryClientSafe = () => client;
    render(
      <QueryClientProvider client={client}>
        <Pools />
      </QueryClientProvider>,
    );
    await advance(0);
    expect(FakeSocket.all).toHaveLength(1);
    expect(screen.getByTestId('pools').textContent).toBe('polling 100');
    await advance(ClientConstants.jackpotRefreshMs * 2);
    expect(fetches).toBe(3);

    act(() => FakeSocket.last.serverOpens());
    expect(screen.getByTestId('pools').textContent).toBe('live 300');
    await advance(60_000);
    expect(fetches).toBe(3);
    act(() => FakeSocket.last.serverSends({ topic: 'jackpot', data: { total: 4242 } }));
    await advance(0); // the query cache tells its observers on the next tick
    expect(screen.getByTestId('pools').textContent).toBe('live 4242');

    act(() => FakeSocket.last.drops());
    expect(screen.getByTestId('pools').textContent).toBe('polling 4242');
    await advance(ClientConstants.jackpotRefreshMs);
    expect(fetches).toBe(4);
    cleanup();
  });
});

describe('useLiveJackpot: getJackpotDrawInfo kept current by pushes', () => {
  const section = { min: 100, max: 1_000 };
  const info = {
    activityId: 7,
    total: 1_000,
    megaJackpot: 400,
    megaJackpotSection: section,
    majorJackpot: 300,
    majorJackpotSection: section,
    minorJackpot: 200,
    minorJackpotSection: section,
    miniJackpot: 100,
    miniJackpotSection: section,
    canReceiveDrawChance: true,
    needDeposit: false,
    chances: 3,
    nextDrawAt: null,
    earn: { depositAmount: 10_000, dailyBet: [] },
    jackpotWinnerList: [{ id: 1, nickname: 'ann', avatar: 1, propId: 50004, type: 2, amountSection: section, count: 150, updateTime: '2026-11-27T08:00:00.000Z' }],
    jackpotAwardConfigList: [],
  };
  const pools = (over: object) => ({ type: 'pools', pools: { ...Object.fromEntries(Object.entries(info).slice(0, 10)), ...over } });

  it('applies pools and wins to the cached answer, holds still while paused, refetches when the activity is gone, and polls only while down', async () => {
    const { livePollInterval } = await load(); // a fresh module: its own app-wide connection
    const { useLiveJackpot } = await import('./live-jackpot.ts');
    let fetches = 0;
    let paused = false;
    function Jackpot() {
      const live = useLiveJackpot(['drawInfo'], paused);
      const q = useQuery({ queryKey: ['drawInfo'], queryFn: async () => (fetches++, info), refetchInterval: livePollInterval(live, ClientConstants.jackpotRefreshMs) });
      const d = q.data;
      return <p data-testid="jp">{d ? `${d.total} ${d.miniJackpot} ${d.chances} ${d.jackpotWinnerList.map((w) => w.nickname).join(',')}` : '…'}</p>;
    }
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = () => render(
      <QueryClientProvider client={client}>
        <Jackpot />
      </QueryClientProvider>,
    );
    const shown = () => screen.getByTestId('jp').textContent;
    const { rerender } = view();
    await advance(0);
    expect(shown()).toBe('1000 100 3 ann');
    act(() => FakeSocket.last.serverOpens());
    act(() => FakeSocket.last.serverSends({ topic: 'jackpot', data: pools({ total: 1_500, miniJackpot: 600 }) }));
    await advance(0);
    // The player's own part (chances) stays as fetched.
    expect(shown()).toBe('1500 600 3 ann');
    const bob = { ...info.jackpotWinnerList[0], id: 2, nickname: 'bob' };
    act(() => FakeSocket.last.serverSends({ topic: 'jackpot', data: { type: 'win', winner: bob } }));
    act(() => FakeSocket.last.serverSends({ topic: 'jackpot', data: { type: 'win', winner: bob } }));
    await advance(0);
    expect(shown()).toBe('1500 600 3 bob'); // first, once, the list keeping its length
    paused = true;
    rerender(
      <QueryClientProvider client={client}>
        <Jackpot />
      </QueryClientProvider>,
    );
    act(() => FakeSocket.last.serverSends({ topic: 'jackpot', data: pools({ total: 9_999 }) }));
    await advance(0);
    expect(shown()).toBe('1500 600 3 bob');
    paused = false;
    rerender(
      <QueryClientProvider client={client}>
        <Jackpot />
      </QueryClientProvider>,
    );
    await advance(60_000);
    expect(fetches).toBe(1); // live: no poll
    act(() => FakeSocket.last.serverSends({ topic: 'jackpot', data: { type: 'pools', pools: null } }));
    await advance(0);
    expect(fetches).toBe(2); // the activity ended: asked again
    cleanup();
  });
});

let useQueryClientSafe: () => QueryClient = () => {
  throw new Error('set by the test');
};
