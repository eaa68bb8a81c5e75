/**
 * The icon loader (spec §9 "Icon service: request rotates after 750 ms, times out after 5 s, URL
 * limit 500"; decision 037), on a fake clock: a slow host is joined by the next after 750 ms, the
 * first answer wins, nothing is waited for past 5 s, and long icon lists are split under 500 characters.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addIconSet, fetchWithRotation, getIcon, iconRequestPaths, loadIcons, resetIcons } from './icons.ts';
import { manualFetch } from './fetch-test-kit.ts';


describe('fetchWithRotation', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks the next host only after 750 ms without an answer, and the first answer wins', async () => {
    const f = manualFetch();
    const result = fetchWithRotation('/app/icons/lucide.json?icons=a', { hosts: ['https://one', 'https://two', 'https://three'], fetch: f.fn });
    expect(f.sent.map((s) => s.url)).toEqual(['https://one/app/icons/lucide.json?icons=a']);
    await vi.advanceTimersByTimeAsync(749);
    expect(f.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.sent.map((s) => s.url)).toEqual(['https://one/app/icons/lucide.json?icons=a', 'https://two/app/icons/lucide.json?icons=a']);
    // The first host answers late: it still wins, the second request is dropped and no third is sent.
    f.sent[0]!.answer({ prefix: 'lucide', icons: {} });
    await expect(result).resolves.toEqual({ prefix: 'lucide', icons: {} });
    expect(f.sent[1]!.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(f.sent).toHaveLength(2);
  });

  it('goes to the next host at once when one fails', async () => {
    const f = manualFetch();
    const result = fetchWithRotation('/p', { hosts: ['https://one', 'https://two'], fetch: f.fn });
    f.sent[0]!.answer({}, 503);
    await vi.advanceTimersByTimeAsync(0);
    expect(f.sent.map((s) => s.url)).toEqual(['https://one/p', 'https://two/p']);
    f.sent[1]!.answer({ ok: 1 });
    await expect(result).resolves.toEqual({ ok: 1 });
  });

  it('gives up after 5 s and aborts what is still open', async () => {
    const f = manualFetch();
    const result = fetchWithRotation('/p', { hosts: [''], fetch: f.fn });
    const outcome = result.then(() => 'answered', (err: Error) => err.message);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(f.sent[0]!.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('icons: no answer in 5000 ms');
    expect(f.sent[0]!.signal.aborted).toBe(true);
    // One host: nothing to rotate to, so one request in all.
    expect(f.sent.map((s) => s.url)).toEqual(['/p']);
  });

  it('rejects once every host has failed', async () => {
    const f = manualFetch();
    const result = fetchWithRotation('/p', { hosts: ['a', 'b'], fetch: f.fn });
    const outcome = result.then(() => 'answered', () => 'failed');
    f.sent[0]!.fail();
    await vi.advanceTimersByTimeAsync(0);
    f.sent[1]!.fail();
    expect(await outcome).toBe('failed');
  });
});

describe('iconRequestPaths', () => {
  it('splits a long list so no URL passes 500 characters, the host counted', () => {
    const names = Array.from({ length: 80 }, (_, i) => `icon-name-${i}`);
    const paths = iconRequestPaths('lucide', names, ['']);
    expect(paths.length).toBeGreaterThan(1);
    for (const p of paths) expect(p.length).toBeLessThanOrEqual(500);
    const back = paths.flatMap((p) => new URL(p, 'http://x').searchParams.get('icons')!.split(','));
    expect(back).toEqual(names);
    // A batch takes as many as fit: adding the next name would pass the limit.
    const [first, second] = paths;
    expect(`${first},${new URL(second!, 'http://x').searchParams.get('icons')!.split(',')[0]}`.length).toBeGreaterThan(500);

    const host = 'https://icons.example.test';
    for (const p of iconRequestPaths('lucide', names, [host, ''])) expect(host.length + p.length).toBeLessThanOrEqual(500);
    expect(iconRequestPaths('lucide', ['wallet', 'user'], [''])).toEqual(['/app/icons/lucide.json?icons=wallet,user']);
  });
});

describe('loaded icons', () => {
  beforeEach(() => resetIcons());
  afterEach(() => vi.unstubAllGlobals());

  it('keeps unknown icons as not found and resolves aliases', () => {
    addIconSet({ prefix: 'lucide', width: 24, height: 24, icons: { 'square-activity': { body: '<g/>' } }, aliases: { 'activity-square': { parent: 'square-activity' } }, not_found: ['nope'] });
    expect(getIcon('lucide:activity-square')).toEqual({ body: '<g/>', width: 24, height: 24 });
    expect(getIcon('lucide:nope')).toBeNull();
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    loadIcons(['lucide:nope', 'lucide:activity-square']);
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
