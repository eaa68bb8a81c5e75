import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { isLoggedIn } from '../lib/session.ts';
import { paths } from '../lib/paths.ts';

export interface GuardContext {
  location: ParsedLocation;
}
export type Guard = (ctx: GuardContext) => void;

function toLogin(location: ParsedLocation): never {
  throw redirect({ to: paths.login, search: { redirect: location.href } });
}

/** Pages that need a logged-in player. */
const auth: Guard = ({ location }) => {
  if (!isLoggedIn()) toLogin(location);
};

/**
 * Activity pages: the same login check today; the activity-specific rules (an activity that
 * shows while logged out) plug in here with the activity routes.
 */
const authActivity: Guard = ({ location }) => {
  if (!isLoggedIn()) toLogin(location);
};

const guards: Record<string, Guard> = { auth, 'auth-activity': authActivity };

export type GuardName = 'auth' | 'auth-activity';

/** Looks a guard up by name; an unknown name is a programming error and throws (spec §8). */
export function requireGuard(name: GuardName | (string & {})): Guard {
  const guard = guards[name];
  if (!guard) throw new Error(`Unknown route guard: ${name}`);
  return guard;
}
