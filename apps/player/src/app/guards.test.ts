import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isNotFound, isRedirect, type ParsedLocation } from '@tanstack/react-router';
import type { UserInfo } from '@playhall/contract';
import { requireGuard } from './guards.ts';
import { clearSession, saveSession } from '../lib/session.ts';
import { queryClient } from '../lib/query-client.ts';
import { mockApi } from '../lib/mock-api.ts';

const location = { href: '/member/profile?tab=1', pathname: '/member/profile' } as ParsedLocation;

async function thrown(fn: () => void | Promise<void>): Promise<unknown> {
  try {
    await fn();
  } catch (e) {
    return e;
  }
  return undefined;
}

/** getActivityIds answering these running activities (id = index + 1). */
function running(...types: number[]) {
  const map = Object.fromEntries(types.map((type, i) => [String(i + 1), {
    id: i + 1, type, name: `A${type}`, sort: i, clickType: 1, clickAction: '', unloginShowStatus: true, themeUrl: null, endsAt: null, rules: {}, detail: {},
  }]));
  return mockApi({ getActivityIds: () => ({ activityIds: types.map((_, i) => i + 1), activityMap: map, hasTurntable: false, totalRecharge: 0 }) });
}

describe('route guards', () => {
  beforeEach(() => {
    clearSession();
    queryClient.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('throws for an unknown guard name', () => {
    expect(() => requireGuard('vip-only')).toThrow(/Unknown route guard: vip-only/);
  });

  it.each(['auth', 'auth-activity'] as const)('%s sends a logged-out player to login and back', async (name) => {
    const api = running(36);
    const err = await thrown(() => requireGuard(name)({ location, activityTypes: [36] }));
    expect(isRedirect(err)).toBe(true);
    const options = (err as { options: { to: string; search: { redirect: string } } }).options;
    expect(options.to).toBe('/auth/login');
    expect(options.search.redirect).toBe('/member/profile?tab=1');
    // A visitor cannot ask for the running activities (it needs a player): no call is made.
    expect(api.calls.getActivityIds).toBeUndefined();
  });

  it('auth lets a logged-in player through', async () => {
    saveSession('tok', { id: 1 } as UserInfo);
    expect(await thrown(() => requireGuard('auth')({ location }))).toBeUndefined();
  });

  it('auth-activity lets a player through when one of the route\'s activity types runs', async () => {
    saveSession('tok', { id: 1 } as UserInfo);
    running(15, 44);
    expect(await thrown(() => requireGuard('auth-activity')({ location, activityTypes: [39, 44] }))).toBeUndefined();
  });

  it('auth-activity makes the page a 404 when the activity does not run', async () => {
    saveSession('tok', { id: 1 } as UserInfo);
    const api = running(15, 44);
    expect(isNotFound(await thrown(() => requireGuard('auth-activity')({ location, activityTypes: [36] })))).toBe(true);
    // Nothing runs at all: 404 too.
    queryClient.clear();
    running();
    expect(isNotFound(await thrown(() => requireGuard('auth-activity')({ location, activityTypes: [36] })))).toBe(true);
    expect(api.calls.getActivityIds).toHaveLength(1);
  });

  it('auth-activity needs the route to name its activity types', async () => {
    saveSession('tok', { id: 1 } as UserInfo);
    running(36);
    expect(String(await thrown(() => requireGuard('auth-activity')({ location })))).toMatch(/needs the route's activity types/);
  });
});
