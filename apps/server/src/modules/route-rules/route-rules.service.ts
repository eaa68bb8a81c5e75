import { AppError, ErrorCode, routeRuleBody, type OperatorRouteRule, type RouteRuleBody } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { insertAudit } from '../staff-audit/staff-audit.service.ts';
import * as repo from './route-rules.repo.ts';

/** How long a server keeps the rules before reading them again (another instance may have changed them). */
export const RULES_MAX_AGE_MS = 10_000;

export interface Redirect {
  status: 301 | 302;
  location: string;
}

const view = (r: repo.RouteRuleRow): OperatorRouteRule => ({
  id: r.id,
  path: r.path,
  target: r.target,
  status: r.status === 301 ? 301 : 302,
  updatedBy: r.updatedBy,
  updatedAt: r.updatedAt.toISOString(),
});

/** The page path a request names: no query, no trailing slash (the root stays "/"). */
export function requestPath(url: string): string {
  const path = url.split(/[?#]/)[0] ?? '/';
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path;
}

/**
 * Route rules (spec §2): the operator's redirects of app pages, stored, audited, and kept in memory
 * for the request hook (read again after a change here, or after RULES_MAX_AGE_MS for another
 * instance's). A same-site target keeps the request's query string when it has none of its own.
 */
export function createRouteRulesService({ db, clock }: { db: Db; clock: Clock }) {
  let cache: Map<string, repo.RouteRuleRow> | null = null;
  let loadedAt = 0;
  let loading: Promise<Map<string, repo.RouteRuleRow>> | null = null;

  const reload = () => {
    loading ??= repo
      .listRules(db)
      .then((rows) => {
        cache = new Map(rows.map((r) => [r.path, r]));
        loadedAt = clock.now().getTime();
        return cache;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };

  const rules = async () => (cache && clock.now().getTime() - loadedAt < RULES_MAX_AGE_MS ? cache : reload());

  return {
    /** Where a page request for `url` goes instead, or null to serve the app. */
    async redirectFor(url: string): Promise<Redirect | null> {
      const current = await rules();
      if (current.size === 0) return null;
      const rule = current.get(requestPath(url));
      if (!rule) return null;
      const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
      const sameSite = rule.target.startsWith('/');
      const location = sameSite && query && !rule.target.includes('?') ? rule.target + query : rule.target;
      return { status: rule.status === 301 ? 301 : 302, location };
    },

    async list(): Promise<OperatorRouteRule[]> {
      return (await repo.listRules(db)).map(view);
    },

    /** Creates or replaces the rule of a path; audited as `routeRule.set` with the previous target. */
    async set(input: RouteRuleBody, actor: string): Promise<OperatorRouteRule> {
      const body = routeRuleBody.parse(input);
      const now = clock.now();
      const row = await withTx(db, async (tx) => {
        const before = await repo.findRule(tx, body.path);
        const saved = await repo.upsertRule(tx, { path: body.path, target: body.target, status: body.permanent ? 301 : 302, updatedBy: actor, updatedAt: now });
        await insertAudit(tx, {
          actor,
          action: 'routeRule.set',
          target: `route_rule:${body.path}`,
          details: { target: saved.target, status: saved.status, before: before ? { target: before.target, status: before.status } : null },
          at: now,
        });
        return saved;
      });
      await reload();
      return view(row);
    },

    /** Removes the rule of a path (the app serves it again); audited as `routeRule.remove`. */
    async remove(path: string, actor: string): Promise<OperatorRouteRule> {
      const now = clock.now();
      const row = await withTx(db, async (tx) => {
        const removed = await repo.deleteRule(tx, path);
        if (!removed) throw new AppError(ErrorCode.notFound, `No route rule for ${path}`);
        await insertAudit(tx, { actor, action: 'routeRule.remove', target: `route_rule:${path}`, details: { target: removed.target, status: removed.status }, at: now });
        return removed;
      });
      await reload();
      return view(row);
    },
  };
}

export type RouteRulesService = ReturnType<typeof createRouteRulesService>;
