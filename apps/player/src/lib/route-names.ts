import { useMatches } from '@tanstack/react-router';
import { paths } from './paths.ts';

/**
 * The spec's named routes (§2): the names the app refers to a route by where the name matters
 * (the jackpot bubble shows only on these; activity actions and the update check go to or watch
 * them). Each route of the router that has a name carries it in `staticData.routeName`.
 */
export const RouteNames = [
  'bonus-event',
  'bonus-tasks',
  'bonus-reward',
  'bonus-record',
  'member',
  'index',
  'vip-level',
  'agent',
  'game-start',
] as const;
export type RouteName = (typeof RouteNames)[number];

/**
 * Where each name leads. The bonus tasks, VIP and agent pages are not built yet: their names point
 * at the spec's paths, which answer the 404 page until the page arrives (it then takes the name in
 * the router, and `builtRouteNames` gains it).
 */
export const routePaths = {
  index: paths.index,
  member: paths.member,
  'game-start': paths.gameStart,
  'bonus-event': paths.bonusEvent,
  'bonus-tasks': '/bonus/tasks',
  'bonus-reward': paths.bonusReward,
  'bonus-record': paths.bonusRecord,
  'vip-level': '/vip/level',
  agent: '/agent',
} as const satisfies Record<RouteName, string>;

/** The named routes the router has today. */
export const builtRouteNames = ['index', 'member', 'game-start', 'bonus-event', 'bonus-tasks', 'bonus-reward', 'bonus-record', 'vip-level'] as const satisfies readonly RouteName[];

export function pathOf<N extends RouteName>(name: N): (typeof routePaths)[N] {
  return routePaths[name];
}

/** The name of the route at `pathname` (query and hash ignored), if it has one. */
export function routeNameOf(pathname: string): RouteName | undefined {
  const path = pathname.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');
  return RouteNames.find((name) => routePaths[name] === path);
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route's spec name (§2), for the routes that have one. */
    routeName?: RouteName;
  }
}

/** The current page's route name (the deepest match that has one). */
export function useRouteName(): RouteName | undefined {
  return useMatches({
    select: (matches) => {
      for (let i = matches.length - 1; i >= 0; i--) {
        const name = matches[i]!.staticData.routeName;
        if (name) return name;
      }
      return undefined;
    },
  });
}
