import { sql, type SQL } from 'drizzle-orm';
import type { ClientEvent } from '@playhall/contract';
import type { Executor } from '../../db/tx.ts';

async function rows<T extends object>(x: Executor, query: SQL): Promise<T[]> {
  const res = (await x.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** Where `offered` stops counting: far past any daily allowance, well inside an integer column. */
const OFFERED_CEILING = 2_000_000_000;

/** One client's batch as the service hands it over. */
export interface EventBatch {
  day: string;
  clientKey: string;
  userId: number | null;
  events: ClientEvent[];
}

/**
 * Stores several clients' batches in one statement (group commit: one round trip and one commit for
 * all of them). Each client's day counter goes up by its batch's size, and only the events still
 * inside its daily allowance (`perDay`) are inserted, in the batch's order. A client appears at most
 * once per statement (the caller's key), so each counter row is written once. Answers how many
 * events of each batch were kept, in order.
 */
export async function insertEventBatches(x: Executor, batches: EventBatch[], perDay: number): Promise<number[]> {
  const json = JSON.stringify(batches.map((b, i) => ({ i, day: b.day, key: b.clientKey, user: b.userId, events: b.events })));
  const kept = await rows<{ i: number; kept: number }>(
    x,
    sql`with input as (
          select (b->>'i')::int as i, (b->>'day')::date as day, b->>'key' as client_key, (b->>'user')::bigint as user_id,
                 b->'events' as events, jsonb_array_length(b->'events') as n
            from jsonb_array_elements(${json}::jsonb) as b
        ), quota as (
          insert into client_event_quota as q (day, client_key, offered)
          select day, client_key, n from input
          on conflict (day, client_key) do update set offered = least(q.offered + excluded.offered, ${OFFERED_CEILING})
          returning day, client_key, offered
        ), allowed as (
          select input.*, greatest(0, least(input.n, ${perDay} - (quota.offered - input.n))) as room
            from input join quota using (day, client_key)
        ), stored as (
          insert into client_event (day, name, user_id, client_key, at, props)
          select a.day, e.v->>'name', a.user_id, a.client_key, to_timestamp((e.v->>'time')::bigint), e.v->'props'
            from allowed a cross join lateral jsonb_array_elements(a.events) with ordinality as e(v, ord)
           where e.ord <= a.room
        )
        select i, room::int as kept from allowed order by i`,
  );
  return kept.map((r) => Number(r.kept));
}

export interface DailyCountRow {
  day: string;
  name: string;
  count: number;
}

/** Events per day and name over whole UTC days `from`..`to`, optionally of one name. */
export async function dailyCounts(x: Executor, q: { from: string; to: string; name?: string }): Promise<DailyCountRow[]> {
  const name = q.name ?? null;
  return rows<DailyCountRow>(
    x,
    sql`select day::text as day, name, count(*)::int as count
          from client_event
         where day between ${q.from}::date and ${q.to}::date and (${name}::text is null or name = ${name})
         group by day, name
         order by day, name`,
  );
}
