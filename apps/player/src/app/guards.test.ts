import { beforeEach, describe, expect, it } from 'vitest';
import { isRedirect, type ParsedLocation } from '@tanstack/react-router';
import type { UserInfo } from '@playhall/contract';
import { requireGuard } from './guards.ts';
import { clearSession, saveSession } from '../lib/session.ts';

const location = { href: '/member/profile?tab=1', pathname: '/member/profile' } as ParsedLocation;

function thrown(fn: () => void): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return undefined;
}

describe('route guards', () => {
  beforeEach(() => clearSession());

  it('throws for an unknown guard name', () => {
    expect(() => requireGuard('vip-only')).toThrow(/Unknown route guard: vip-only/);
  });

  it.each(['auth', 'auth-activity'] as const)('%s sends a logged-out player to login and back', (name) => {
    const err = thrown(() => requireGuard(name)({ location }));
    expect(isRedirect(err)).toBe(true);
    const options = (err as { options: { to: string; search: { redirect: string } } }).options;
    expect(options.to).toBe('/auth/login');
    expect(options.search.redirect).toBe('/member/profile?tab=1');
  });

  it.each(['auth', 'auth-activity'] as const)('%s lets a logged-in player through', (name) => {
    saveSession('tok', { id: 1 } as UserInfo);
    expect(thrown(() => requireGuard(name)({ location }))).toBeUndefined();
  });
});
