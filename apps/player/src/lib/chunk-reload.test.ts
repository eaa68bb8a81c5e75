import { describe, expect, it, vi } from 'vitest';

describe('chunk failures (spec §4): Vite\'s vite:preloadError, not error texts', () => {
  it('marks the next navigation for a full load when Vite reports a chunk it could not load, and only then', async () => {
    vi.resetModules();
    const chunks = await import('./chunk-reload.ts');
    chunks.watchChunkFailures(window);
    // An error that merely reads like a failed import changes nothing.
    window.dispatchEvent(new ErrorEvent('error', { message: 'Failed to fetch dynamically imported module: /assets/x.js' }));
    expect(chunks.hasChunkFailed()).toBe(false);
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), { payload: new TypeError('x') });
    window.dispatchEvent(event);
    expect(chunks.hasChunkFailed()).toBe(true);
    // Not prevented: the error still reaches the screen that asked, which offers a retry.
    expect(event.defaultPrevented).toBe(false);
  });
});
