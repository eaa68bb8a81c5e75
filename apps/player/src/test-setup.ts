// Player (jsdom) tests. How long findBy…/waitFor wait for what a screen shows: pages and their texts
// load lazily (decision 033), and in `npm test` this tier shares the two cores with the browser
// journeys (decision 034): Testing Library's default of 1 s was missed under that load. A wait still
// fails when the thing never comes; it only stops failing because the machine is busy.
// antd-mobile's motion is off, as for a player who asks for reduced motion: a dialog's closing
// animation (react-spring on jsdom's emulated frames) sometimes took 5 s to take the dialog away.
import { configure } from '@testing-library/react';
import { reduceMotion } from 'antd-mobile';
import { afterEach, beforeEach, vi } from 'vitest';
import { showErrorToast, showSuccessToast, showTimeoutDialog } from './lib/notify.ts';

configure({ asyncUtilTimeout: 5_000 });
reduceMotion();

// Live pushes (lib/live.ts, decision 053): jsdom's own WebSocket would dial a server no test runs
// and retry it. Screens under test get a socket that never opens, so they poll as they do while
// the socket is down; lib/live.test.tsx stubs its own to drive the socket.
class NeverOpenSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readyState = 0;
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  constructor(readonly url: string) {
    super();
  }
  send(): void {
    throw new Error('this test socket never opens');
  }
  close(): void {
    this.readyState = 3;
  }
}
globalThis.WebSocket = NeverOpenSocket as unknown as typeof WebSocket;

// Toasts and the timeout dialog are the app's messages to the player: every test sees them as these
// spies, cleared before each test, and asserts on what was said. The tier's files share one module
// graph (vitest.config.ts) and a module loaded by an earlier file keeps the mock it was given, so the
// spies are made once per worker and every mocked copy of the module hands out the same ones.
const notifySpies = vi.hoisted(() => {
  const g = globalThis as { playhallNotifySpies?: Record<'showTimeoutDialog' | 'showErrorToast' | 'showSuccessToast', ReturnType<typeof vi.fn>> };
  g.playhallNotifySpies ??= { showTimeoutDialog: vi.fn(), showErrorToast: vi.fn(), showSuccessToast: vi.fn() };
  return g.playhallNotifySpies;
});
vi.mock('./lib/notify.ts', () => notifySpies);
beforeEach(() => {
  for (const spy of [showTimeoutDialog, showErrorToast, showSuccessToast]) vi.mocked(spy).mockClear();
});

// What antd-mobile showed imperatively (a dialog, an action sheet, a toast) lives outside Testing
// Library's containers; the tier's files share one document, so each test ends with an empty body.
afterEach(() => {
  document.body.replaceChildren();
});
