import { notFound, redirect, type ParsedLocation } from '@tanstack/react-router';
import { isLoggedIn } from '../lib/session.ts';
import { paths } from '../lib/paths.ts';
import { queryClient } from '../lib/query-client.ts';
import { activitiesOfType, activitiesQuery } from '../lib/rewards.ts';

export interface GuardContext {
  location: ParsedLocation;
  /** Activity routes: the activity types the page shows (one of them must be running). */
  activityTypes?: readonly number[];
}
export type Guard = (ctx: GuardContext) => void | Promise<void>;

function toLogin(location: ParsedLocation): never {
  throw redirect({ to: paths.login, search: { redirect: location.href } });
}

/** Pages that need a logged-in player. */
const auth: Guard = ({ location }) => {
  if (!isLoggedIn()) toLogin(location);
};

/**
 * Activity pages (issue 14): a visitor goes to login and comes back; then the route's validity
 * check: when none of the route's activity types runs (never created, disabled, outside its time
 * window) the page is a 404. The running list comes through the query client (cached 10 s).
 */
const authActivity: Guard = async ({ location, activityTypes }) => {
  if (!isLoggedIn()) toLogin(location);
  if (!activityTypes) throw new Error(`auth-activity needs the route's activity types (${location.pathname})`);
  const running = await queryClient.fetchQuery(activitiesQuery);
  if (activitiesOfType(running, activityTypes).length === 0) throw notFound();
};

const guards: Record<string, Guard> = { auth, 'auth-activity': authActivity };

export type GuardName = 'auth' | 'auth-activity';

/** Looks a guard up by name; an unknown name is a programming error and throws (spec §8). */
export function requireGuard(name: GuardName | (string & {})): Guard {
  const guard = guards[name];
  if (!guard) throw new Error(`Unknown route guard: ${name}`);
  return guard;
}
