import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientConstants, endpoints, TrackedEvent } from '@playhall/contract';
import { mockApi } from './mock-api.ts';
import { flushEvents, resetTracker, trackEvent } from './tracker.ts';

const PATH = 'anonymous/appEventLogClient';

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** What each beacon carried, parsed and checked against the contract as the server would. */
async function beaconBodies(beacon: ReturnType<typeof vi.fn>) {
  return Promise.all(
    (beacon.mock.calls as [string, Blob][]).map(async ([url, blob]) => {
      expect(url).toBe(`/app/v1/${PATH}`);
      expect(blob.type).toBe('application/json');
      const body = JSON.parse(await blob.text()) as { eventList: { name: string; time: number; props?: Record<string, unknown> }[] };
      expect(endpoints[PATH].request.safeParse(body).success).toBe(true);
      return body;
    }),
  );
}

beforeEach(() => {
  resetTracker(); // what an earlier file's screens queued (the tier shares one module graph)
  vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 12, 0, 0) });
  setVisibility('visible');
});

afterEach(() => {
  resetTracker();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

describe('event tracker (spec §9: batches of 20, every 2 s, at once when the page is hidden)', () => {
  let beacon: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: beacon });
  });

  it('sends a full batch of 20 at once, by beacon, with the common fields and the time in seconds', async () => {
    for (let i = 0; i < ClientConstants.tracker.batchSize - 1; i++) trackEvent(TrackedEvent.pageView, { path: `/p${i}` });
    expect(beacon).not.toHaveBeenCalled();
    trackEvent(TrackedEvent.gameLaunch, { gameId: 7 });
    expect(beacon).toHaveBeenCalledTimes(1);
    const [body] = await beaconBodies(beacon);
    expect(body).toMatchObject({ channel: 'WEB', appVersion: ClientConstants.appVersion });
    expect(body!.eventList).toHaveLength(20);
    expect(body!.eventList[19]).toEqual({ name: 'game_launch', time: Date.UTC(2026, 10, 25, 12, 0, 0) / 1000, props: { gameId: 7 } });
    // Nothing left waiting: the 2 s timer sends no empty batch.
    vi.advanceTimersByTime(5_000);
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('sends a smaller batch 2 s after its first event, not before', async () => {
    trackEvent(TrackedEvent.pageView, { path: '/' });
    vi.advanceTimersByTime(1_000);
    trackEvent(TrackedEvent.popupShow, { popup: 'login' });
    vi.advanceTimersByTime(999);
    expect(beacon).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(beacon).toHaveBeenCalledTimes(1);
    expect((await beaconBodies(beacon))[0]!.eventList.map((e) => e.name)).toEqual(['page_view', 'popup_show']);
  });

  it('sends what waits by beacon as soon as the page is hidden', async () => {
    trackEvent(TrackedEvent.depositStart, { typeId: 1, amount: 10_000 });
    setVisibility('hidden');
    expect(beacon).toHaveBeenCalledTimes(1);
    expect((await beaconBodies(beacon))[0]!.eventList).toEqual([{ name: 'deposit_start', time: Date.UTC(2026, 10, 25, 12, 0, 0) / 1000, props: { typeId: 1, amount: 10_000 } }]);
    setVisibility('hidden');
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it('keeps long values inside the contract\'s bounds so the batch is not refused', async () => {
    trackEvent(TrackedEvent.pageView, { path: `/${'x'.repeat(500)}`, ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`k${i}`, i])) });
    flushEvents();
    const [body] = await beaconBodies(beacon);
    const props = body!.eventList[0]!.props!;
    expect(Object.keys(props)).toHaveLength(8);
    expect(props.path).toBe(`/${'x'.repeat(199)}`);
  });

  it('falls back to the API client when the browser refuses the beacon', async () => {
    beacon.mockReturnValue(false);
    const api = mockApi({ [PATH]: () => ({ accepted: 1 }) });
    trackEvent(TrackedEvent.pageView, { path: '/' });
    flushEvents();
    await vi.waitFor(() => expect(api.calls[PATH]).toHaveLength(1));
  });
});

describe('event tracker without sendBeacon', () => {
  it('sends through the API client, and a failed send is dropped without a toast or a retry', async () => {
    const api = mockApi({
      [PATH]: () => {
        throw new Error('offline');
      },
    });
    trackEvent(TrackedEvent.pageView, { path: '/' });
    vi.advanceTimersByTime(ClientConstants.tracker.flushMs);
    await vi.waitFor(() => expect(api.calls[PATH]).toHaveLength(1));
    expect(api.calls[PATH]![0]!.eventList).toEqual([{ name: 'page_view', time: Date.UTC(2026, 10, 25, 12, 0, 0) / 1000, props: { path: '/' } }]);
    vi.advanceTimersByTime(10_000);
    expect(api.calls[PATH]).toHaveLength(1);
  });
});
