import { sql, type SQL } from 'drizzle-orm';
import { AwardId } from '@playhall/contract';
import { arrayLiteral } from '../../../../db/array-literal.ts';
import type { Executor } from '../../../../db/tx.ts';
import type { Facts } from './tasks.rules.ts';

/** What a batch adds to one task's progress: an amount (`n`), or marks (`m`) counted once each. */
export interface ProgressAdd {
  u: number;
  a: number;
  p: string;
  t: string;
  n: number;
  m: string[] | null;
}

/** Marks kept per row at most (login days of a novice task: its target is at most 31). */
const MAX_MARKS = 31;

/**
 * Adds a batch's progress set-based, one row per (player, activity, period, task): amounts summed
 * in one statement (the batch's columns as arrays: every round adds one), marks in another, merged
 * as a set (so a login day or a bound phone counts once however often it is reported, by events or
 * by finishTask, concurrently or not).
 */
export async function addProgress(x: Executor, adds: ProgressAdd[], now: Date): Promise<void> {
  const amounts = adds.filter((r) => r.m === null);
  const marks = adds.filter((r) => r.m !== null);
  if (amounts.length > 0) {
    await x.execute(sql`
      insert into task_progress as tp (user_id, activity_id, period, task_id, progress, updated_at)
      select r.u, r.a, r.p, r.t, r.n, ${now}
        from unnest(${arrayLiteral(amounts.map((r) => r.u))}::bigint[], ${arrayLiteral(amounts.map((r) => r.a))}::int[], ${arrayLiteral(amounts.map((r) => r.p))}::text[],
                    ${arrayLiteral(amounts.map((r) => r.t))}::text[], ${arrayLiteral(amounts.map((r) => r.n))}::bigint[]) as r(u, a, p, t, n)
      on conflict (user_id, activity_id, period, task_id) do update set progress = tp.progress + excluded.progress, updated_at = excluded.updated_at`);
  }
  if (marks.length > 0) {
    await x.execute(sql`
      insert into task_progress as tp (user_id, activity_id, period, task_id, progress, marks, updated_at)
      select r.u, r.a, r.p, r.t, cardinality(r.m), r.m, ${now}
        from jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as r(u bigint, a integer, p text, t text, m text[])
      on conflict (user_id, activity_id, period, task_id) do update set
        marks = (select array_agg(d order by d) from (select distinct d from unnest(tp.marks || excluded.marks) d order by d limit ${MAX_MARKS}) s),
        progress = (select least(${MAX_MARKS}, count(distinct d)) from unnest(tp.marks || excluded.marks) d),
        updated_at = excluded.updated_at`);
  }
}

/**
 * Everything the tasks' state depends on for one player, as one json value (`Facts`): their
 * progress rows of the current day, week and novice; the liveness received from the activity in the
 * day and the week (the award function's grants of award 4001); whether each chest was received
 * (`chestGranted`: the engine's test of each chest's claim key). Read by the red dots' one statement
 * and by getTaskUser.
 */
export function factsExpr(
  userId: number,
  activityId: number,
  p: { day: string; week: string; dayBegan: Date; dayEnds: Date; weekBegan: Date; weekEnds: Date },
  chestGranted: SQL[],
): SQL {
  const liveness = (from: Date, to: Date) =>
    sql`(select coalesce(sum(g.count), 0) from reward_grant g where g.user_id = ${userId} and g.created_at >= ${from} and g.created_at < ${to}
          and g.activity_id = ${activityId} and g.award_id = ${AwardId.liveness})`;
  return sql`json_build_object(
    'rows', coalesce((select json_agg(json_build_array(tp.period, tp.task_id, tp.progress, tp.claimed_at is not null))
                        from task_progress tp where tp.user_id = ${userId} and tp.activity_id = ${activityId}
                         and tp.period in (${p.day}, ${p.week}, 'novice')), '[]'::json),
    'day', ${liveness(p.dayBegan, p.dayEnds)},
    'week', ${liveness(p.weekBegan, p.weekEnds)},
    'chests', json_build_array(${sql.join(chestGranted, sql`, `)}))`;
}

export async function readFacts(x: Executor, expr: SQL): Promise<Facts> {
  const res = (await x.execute(sql`select (${expr})::text as f`)) as unknown as { rows: { f: string }[] };
  return JSON.parse(res.rows[0]!.f) as Facts;
}

/**
 * Marks a task's progress row claimed if it reached `target` and was not claimed: 'claimed' (the
 * caller pays in the same transaction), 'received' (claimed before, or by a concurrent tap that held
 * the row first) or 'incomplete'.
 */
export async function claimTask(x: Executor, k: { userId: number; activityId: number; period: string; taskId: string }, target: number, now: Date): Promise<'claimed' | 'received' | 'incomplete'> {
  const where = sql`user_id = ${k.userId} and activity_id = ${k.activityId} and period = ${k.period} and task_id = ${k.taskId}`;
  const won = (await x.execute(sql`update task_progress set claimed_at = ${now}, updated_at = ${now}
                                    where ${where} and claimed_at is null and progress >= ${target} returning 1 as won`)) as unknown as { rows: unknown[] };
  if (won.rows.length === 1) return 'claimed';
  // A new statement: it sees a concurrent tap's committed claim.
  const row = (await x.execute(sql`select claimed_at is not null as claimed from task_progress where ${where}`)) as unknown as { rows: { claimed: boolean }[] };
  return row.rows[0]?.claimed ? 'received' : 'incomplete';
}
