/**
 * How the home page's first screen loads (issue 15 §1, decision 038), on the built app and the real
 * server: the cover paints without waiting for the entry stylesheet, the app renders only once that
 * stylesheet applies, and the start-up call (preLogin, which carries the game catalogue) goes out
 * before that first render, not from the rendered shell.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, startStack, type Stack } from './harness.ts';

const SLOW_MS = 1500;

describe.skipIf(!hasChromium)('the home page first screen', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });
  // Each test in a context of its own: an empty cache, so every file really comes over the network.
  const freshPage = async () => (await stack.newContext()).newPage();

  it('paints the cover before the entry stylesheet arrives, and renders the app only once it applies', async () => {
    const page = await freshPage();
    await page.addInitScript(() => {
      const w = window as unknown as { fcp?: number; styledAtRender?: boolean };
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.fcp = e.startTime;
      }).observe({ type: 'paint', buffered: true });
      new MutationObserver((_, observer) => {
        const root = document.getElementById('root');
        if (!root?.firstChild) return;
        const link = [...document.querySelectorAll<HTMLLinkElement>('link')].find((l) => /\/assets\/index-[\w-]+\.css$/.test(l.href));
        w.styledAtRender = Boolean(link?.sheet);
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.route(/\/assets\/index-[\w-]+\.css$/, async (route) => {
      await new Promise((r) => setTimeout(r, SLOW_MS));
      await route.continue();
    });
    await page.goto('/');
    await page.getByTestId('game-card').first().waitFor();
    const { fcp, styledAtRender, cssEnd } = await page.evaluate(() => {
      const w = window as unknown as { fcp?: number; styledAtRender?: boolean };
      const css = performance.getEntriesByType('resource').find((e) => /\/assets\/index-[\w-]+\.css$/.test(e.name)) as PerformanceResourceTiming | undefined;
      return { fcp: w.fcp, styledAtRender: w.styledAtRender, cssEnd: css?.responseEnd };
    });
    expect(cssEnd, 'the entry stylesheet was fetched').toBeGreaterThan(SLOW_MS);
    expect(fcp, `first contentful paint ${fcp} ms, entry stylesheet there at ${cssEnd} ms`).toBeLessThan(cssEnd!);
    expect(styledAtRender, 'the entry stylesheet applied when the app first rendered').toBe(true);
  });

  it('asks for preLogin before the app first renders, not from the rendered shell', async () => {
    const page = await freshPage();
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.getElementById('root')?.firstChild) return;
        (window as unknown as { rendered?: number }).rendered = performance.now();
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    // A slow entry stylesheet holds the first render (it must apply first), not the start-up call.
    await page.route(/\/assets\/index-[\w-]+\.css$/, async (route) => {
      await new Promise((r) => setTimeout(r, SLOW_MS));
      await route.continue();
    });
    await page.goto('/');
    await page.getByTestId('game-card').first().waitFor();
    const { rendered, preLogin } = await page.evaluate(() => ({
      rendered: (window as unknown as { rendered?: number }).rendered,
      preLogin: performance.getEntriesByType('resource').find((e) => e.name.endsWith('/app/v1/preLogin'))?.startTime,
    }));
    expect(preLogin, 'preLogin was asked for').toBeDefined();
    expect(preLogin!, `preLogin sent at ${preLogin} ms, the app first rendered at ${rendered} ms`).toBeLessThan(rendered!);
  });
});
