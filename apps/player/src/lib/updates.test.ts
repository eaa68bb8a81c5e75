/**
 * Updates (spec §2, §7; decision 029): the release poll asks with a timestamp parameter, retries once
 * on a transient status, and a new release reloads at the next navigation, never at once; a new
 * service worker taking over reloads the page once, but not on the first install nor in a game.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as UpdatesModule from './updates.ts';
import type * as ChunkReloadModule from './chunk-reload.ts';

type Updates = typeof UpdatesModule;
type ChunkReload = typeof ChunkReloadModule;

async function load(): Promise<{ updates: Updates; chunks: ChunkReload }> {
  vi.resetModules();
  const updates = await import('./updates.ts');
  const chunks = await import('./chunk-reload.ts');
  return { updates, chunks };
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A stand-in for navigator.serviceWorker: a controller or not, and a way to fire controllerchange. */
function container(hasController: boolean) {
  const target = new EventTarget();
  return Object.assign(target, { controller: hasController ? ({} as ServiceWorker) : null }) as unknown as ServiceWorkerContainer & EventTarget;
}

// Each test imports the app's api module afresh (vi.resetModules): seconds on a loaded machine.
describe('release poll', { timeout: 30_000 }, () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('asks builds/latest.json with a timestamp, retries once on 503, and a new release waits for the next navigation', async () => {
    const { updates, chunks } = await load();
    fetchMock.mockResolvedValueOnce(json({}, 503)).mockResolvedValueOnce(json({ version: 'next', builtAt: '2026-11-25T00:00:00Z' }));
    await expect(updates.checkForRelease()).resolves.toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const url = String(fetchMock.mock.calls[0]?.[0]);
    expect(url).toMatch(/^\/builds\/latest\.json\?t=\d{13}$/);
    expect(chunks.hasChunkFailed()).toBe(true); // the router reloads at the next navigation, not now
  });

  it('does not retry a 404 and changes nothing for the running release', async () => {
    const { updates, chunks } = await load();
    fetchMock.mockResolvedValueOnce(json({}, 404));
    await expect(updates.checkForRelease()).resolves.toBe(false);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(json({ version: updates.RUNNING_VERSION, builtAt: 'x' }));
    await expect(updates.checkForRelease()).resolves.toBe(false);
    expect(chunks.hasChunkFailed()).toBe(false);
  });
});

describe('service worker taking over', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('reloads the page once when a new worker takes control', async () => {
    const { updates } = await load();
    const sw = container(true);
    const reload = vi.fn();
    updates.watchController(sw, reload);
    sw.dispatchEvent(new Event('controllerchange'));
    sw.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload on the first install', async () => {
    const { updates, chunks } = await load();
    const sw = container(false);
    const reload = vi.fn();
    updates.watchController(sw, reload);
    sw.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
    expect(chunks.hasChunkFailed()).toBe(false);
  });

  it('never reloads in the middle of a game: the next navigation does', async () => {
    const { updates, chunks } = await load();
    window.history.replaceState(null, '', '/game/start?gameId=7');
    const sw = container(true);
    const reload = vi.fn();
    updates.watchController(sw, reload);
    sw.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
    expect(chunks.hasChunkFailed()).toBe(true);
  });
});
