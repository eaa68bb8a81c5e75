import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18nReady } from '../../lib/i18n.ts';
import { queryClient } from '../../lib/query-client.ts';
import { closeRewardModal } from '../../lib/rewards.ts';
import { logOut } from '../../lib/game-test-kit.tsx';

/** The reward pages' tests start each test logged out, with no stored state, no cached answers and no reward modal open. */
export function resetRewardPagesEachTest(): void {
  beforeAll(async () => {
    await i18nReady;
    window.scrollTo = () => undefined;
  });
  beforeEach(() => {
    localStorage.clear();
    logOut();
    queryClient.clear();
    closeRewardModal();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}
