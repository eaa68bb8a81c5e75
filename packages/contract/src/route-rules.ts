import { z } from 'zod';

/**
 * Server-side route rules (spec §2: "a server-side route rule may redirect, including to an
 * external address"): the operator maps one path of the player app to another path of the site
 * or to an absolute http(s) address; the server answers a page request for that path with the
 * redirect before the app is served.
 */

/** Paths the rules may not take: the API, the operator API, provider and build files, health checks. */
export const ROUTE_RULE_RESERVED = /^\/(app|operator|provider|dev|sandbox|originals|icons|assets|builds)(\/|$)|^\/(healthz|readyz|sw\.js|manifest\.webmanifest|offline\.html|index\.html)$/;

const rulePath = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^\/(?!\/)[^\s?#\\]*$/, 'A path of this site: starts with one "/", no query, no spaces')
  .transform((p) => (p.length > 1 ? p.replace(/\/+$/, '') || '/' : p))
  .refine((p) => !ROUTE_RULE_RESERVED.test(p), 'This path belongs to the server, not to a page of the app')
  .refine((p) => !p.split('/').some((s) => s === '.' || s === '..'), 'No "." or ".." segments');

const ruleTarget = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .refine((t) => {
    if (/^\/(?!\/)[^\s\\]*$/.test(t)) return true;
    try {
      const url = new URL(t);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !/\s/.test(t);
    } catch {
      return false;
    }
  }, 'A path of this site (/…) or an absolute http(s) address');

export const routeRuleBody = z
  .object({
    path: rulePath,
    target: ruleTarget,
    /** 301 (browsers remember it) instead of the default 302. */
    permanent: z.boolean().default(false),
  })
  .refine((b) => b.target.split(/[?#]/)[0] !== b.path, { message: 'A rule may not redirect a path to itself', path: ['target'] });
export type RouteRuleBody = z.input<typeof routeRuleBody>;

export const routeRulePathQuery = z.object({ path: rulePath });

export const operatorRouteRule = z.object({
  id: z.number().int(),
  path: z.string(),
  target: z.string(),
  status: z.union([z.literal(301), z.literal(302)]),
  updatedBy: z.string(),
  updatedAt: z.string(),
});
export type OperatorRouteRule = z.infer<typeof operatorRouteRule>;
