/**
 * The event tracker in Chromium against the real server and the built app (spec §9): a batch goes
 * out 2 s after its first event, at once when it holds 20, and by beacon when the page is hidden;
 * the server stores what it carried (the operator's daily counts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { hasChromium, useStackPage, type Stack } from './harness.ts';

const PATH = '/app/v1/anonymous/appEventLogClient';

interface Sent {
  /** ms since the page's navigation start, from the page's own clock. */
  at: number;
  count: number;
  names: string[];
  events: { name: string; time: number; props?: Record<string, unknown> }[];
}

declare global {
  interface Window {
    __beacons?: Sent[];
  }
}

/** Wraps sendBeacon before the app loads, so the test knows which batches went by beacon, and when. */
function spyOnBeacons(): void {
  const original = navigator.sendBeacon.bind(navigator);
  window.__beacons = [];
  navigator.sendBeacon = (url, data) => {
    if (String(url).endsWith('/app/v1/anonymous/appEventLogClient') && data instanceof Blob) {
      const at = performance.now();
      void data.text().then((text) => {
        const events = (JSON.parse(text) as { eventList: Sent['events'] }).eventList;
        window.__beacons!.push({ at, count: events.length, names: events.map((e) => e.name), events });
      });
    }
    return original(url, data);
  };
}

const beacons = (page: Page) => page.evaluate(() => window.__beacons ?? []);

describe.skipIf(!hasChromium)('event tracker', () => {
  const fixture = useStackPage();
  let stack: Stack;
  let page: Page;
  const requests: Request[] = [];
  beforeAll(async () => {
    ({ stack, page } = fixture);
    await fixture.context.addInitScript(spyOnBeacons);
    // Every batch the browser sends, beacon or fetch, from any page of the context.
    fixture.context.on('request', (r) => {
      if (r.url().endsWith(PATH)) requests.push(r);
    });
  });

  it('sends the first page view by beacon 2 s after it, not before', async () => {
    await page.goto('/');
    await page.locator('.tab-bar').waitFor();
    await expect.poll(() => beacons(page), { timeout: 10_000 }).toHaveLength(1);
    const [first] = await beacons(page);
    expect(first!.names).toEqual(['page_view']);
    // The view is tracked once the app has started, and its batch waits 2 s after it.
    expect(first!.at).toBeGreaterThanOrEqual(2_000);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method()).toBe('POST');
    expect(requests[0]!.headers()['content-type']).toBe('application/json');
  });

  it('sends a batch as soon as it holds 20 events, without waiting for the 2 s', async () => {
    // Page views in a burst: in-page clicks on the tab bar, each waiting for its route, until the
    // next batch goes. Sent by the count, it holds 20 and left under 2 s after the burst's first
    // click. A machine so loaded that twenty views take over 2 s sends by the timer instead (fewer
    // than 20, at least 2 s after the first): that is checked too, and the burst tried again.
    const bursts: { count: number; names: string[]; ms: number }[] = [];
    for (let attempt = 0; attempt < 4 && !bursts.some((b) => b.count === 20 && b.ms < 2_000); attempt++) {
      // Nothing waits in the tracker when a burst starts: every event of its batch is the burst's.
      await page.waitForTimeout(2_500);
      bursts.push(
        await page.evaluate(async () => {
          const start = window.__beacons!.length;
          const t0 = performance.now();
          for (let i = 0; i < 60 && window.__beacons!.length === start; i++) {
            // The Bonus tab opens /bonus/home.
            const to = location.pathname.startsWith('/bonus') ? '/' : '/bonus';
            document.querySelector<HTMLAnchorElement>(`.tab-bar a[href="${to}"]`)!.click();
            while (to === '/' ? location.pathname !== '/' : !location.pathname.startsWith('/bonus/')) await new Promise((r) => setTimeout(r, 5));
            await new Promise((r) => setTimeout(r, 15));
          }
          while (window.__beacons!.length === start) await new Promise((r) => setTimeout(r, 5));
          const sent = window.__beacons![start]!;
          return { count: sent.count, names: sent.names, ms: sent.at - t0 };
        }),
      );
      const burst = bursts.at(-1)!;
      expect(new Set(burst.names)).toEqual(new Set(['page_view']));
      expect(burst.count).toBeLessThanOrEqual(20);
      if (burst.count < 20) expect(burst.ms, 'a batch under 20 waits 2 s after its first event').toBeGreaterThanOrEqual(2_000);
    }
    expect(bursts.filter((b) => b.count === 20 && b.ms < 2_000), JSON.stringify(bursts.map(({ count, ms }) => ({ count, ms })))).toHaveLength(1);
  });

  it('sends what waits by beacon as soon as the page is hidden, and the server stored every event sent', async () => {
    // One page view waits (the Bonus tab), then the page is hidden at once. Headless Chromium keeps
    // every tab visible (another tab in front changes nothing), so the page is hidden as the browser
    // does it: visibilityState turns 'hidden' and visibilitychange fires. Sent by the hiding, the
    // batch leaves at or after it, before the 2 s timer could; a machine so loaded that it left 2 s
    // after the click proves nothing (the timer may have sent it): that try is made again.
    let proven = false;
    for (let attempt = 0; attempt < 3 && !proven; attempt++) {
      // Nothing waits in the tracker before the click: the view is the only event of its batch.
      await page.waitForTimeout(2_500);
      const before = (await beacons(page)).length;
      const to = page.url().includes('/bonus') ? '/' : '/bonus';
      const { clickAt, hideAt } = await page.evaluate(async (href) => {
        const clickAt = performance.now();
        document.querySelector<HTMLAnchorElement>(`.tab-bar a[href="${href}"]`)!.click();
        while (href === '/' ? location.pathname !== '/' : !location.pathname.startsWith('/bonus/')) await new Promise((r) => setTimeout(r, 5));
        await new Promise((r) => setTimeout(r, 300));
        const hideAt = performance.now();
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
        document.dispatchEvent(new Event('visibilitychange'));
        return { clickAt, hideAt };
      }, to);
      await expect.poll(async () => (await beacons(page)).length).toBe(before + 1);
      const hidden = (await beacons(page)).at(-1)!;
      expect(hidden.names).toEqual(['page_view']);
      expect(hidden.events).toEqual([{ name: 'page_view', time: expect.any(Number), props: { path: to === '/' ? '/' : '/bonus/home' } }]);
      expect(Math.abs(hidden.events[0]!.time - Date.now() / 1000)).toBeLessThan(60);
      // The timer starts at the view, after the click: a batch out before click + 2 s was sent by
      // the hiding. Later than that (a loaded machine), the timer may have sent it: not proof.
      if (hidden.at < clickAt + 2_000) {
        expect(hidden.at, 'sent when the page was hidden').toBeGreaterThanOrEqual(hideAt);
        proven = true;
      }
      await page.evaluate(() => {
        Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
        document.dispatchEvent(new Event('visibilitychange'));
      });
    }
    expect(proven, 'the page was hidden within 2 s of its view in one of 3 tries').toBe(true);

    // Every batch reached the server (the first view, the bursts, these), every one by beacon.
    const sent = await beacons(page);
    await expect.poll(() => requests.length).toBe(sent.length);
    expect(new Set(requests.map((r) => r.method()))).toEqual(new Set(['POST']));
    const total = sent.reduce((n, b) => n + b.count, 0);
    const day = new Date().toISOString().slice(0, 10);
    await expect.poll(() => stack.ops('events', 'daily', '--from', day, '--to', day, '--name', 'page_view'), { timeout: 5_000 }).toContain(`${total} event(s)`);
  });
});
