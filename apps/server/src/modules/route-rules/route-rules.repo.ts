import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { routeRule } from '../../db/schema.ts';

export type RouteRuleRow = typeof routeRule.$inferSelect;

export function listRules(x: Executor): Promise<RouteRuleRow[]> {
  return x.select().from(routeRule).orderBy(asc(routeRule.path));
}

export async function findRule(x: Executor, path: string): Promise<RouteRuleRow | null> {
  const [row] = await x.select().from(routeRule).where(eq(routeRule.path, path)).limit(1);
  return row ?? null;
}

/** Creates the path's rule or replaces its target; answers the row as stored. */
export async function upsertRule(x: Executor, r: { path: string; target: string; status: number; updatedBy: string; updatedAt: Date }): Promise<RouteRuleRow> {
  const [row] = await x
    .insert(routeRule)
    .values(r)
    .onConflictDoUpdate({ target: routeRule.path, set: { target: r.target, status: r.status, updatedBy: r.updatedBy, updatedAt: r.updatedAt } })
    .returning();
  return row!;
}

export async function deleteRule(x: Executor, path: string): Promise<RouteRuleRow | null> {
  const [row] = await x.delete(routeRule).where(eq(routeRule.path, path)).returning();
  return row ?? null;
}
