import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOT_REFRESH_MS, RED_DOTS_KEY, refreshRedDots } from './rewards.ts';
import { queryClient } from './query-client.ts';
import { clearSession } from './session.ts';

describe('red-dot refresh', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    clearSession();
  });
  afterEach(() => vi.useRealTimers());

  it('runs at most once a second (spec §9), the last ask answered at the end of the second', () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
    const dotRefreshes = () => invalidate.mock.calls.filter(([f]) => JSON.stringify(f?.queryKey) === JSON.stringify(RED_DOTS_KEY)).length;
    refreshRedDots();
    expect(dotRefreshes()).toBe(1);
    refreshRedDots();
    refreshRedDots();
    expect(dotRefreshes()).toBe(1);
    vi.advanceTimersByTime(DOT_REFRESH_MS - 1);
    expect(dotRefreshes()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(dotRefreshes()).toBe(2);
    vi.advanceTimersByTime(5 * DOT_REFRESH_MS);
    expect(dotRefreshes()).toBe(2);
    refreshRedDots();
    expect(dotRefreshes()).toBe(3);
  });
});
