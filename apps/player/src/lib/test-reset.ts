import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18nReady } from './i18n.ts';
import { queryClient } from './query-client.ts';
import { closeRewardModal } from './rewards.ts';
import { useModals } from './modals.ts';
import { logOut } from './game-test-kit.tsx';
import { resetTracker } from './tracker.ts';

/**
 * The player app's tests (jsdom) start each test the same way: translations loaded, logged out, no
 * stored state, no cached answers, no modal open; and end it with the page unmounted and every
 * fake timer, stubbed global and spy put back. A file adds only what is its own (a bridge, a tracker).
 */
export function resetEachTest(): void {
  beforeAll(async () => {
    await i18nReady;
    window.scrollTo = () => undefined; // the router restores scroll; jsdom has no layout
  });
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    logOut();
    queryClient.clear();
    closeRewardModal();
    useModals.setState({ authModal: null });
    resetTracker(); // events an earlier file's screens queued are not this test's to send
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
