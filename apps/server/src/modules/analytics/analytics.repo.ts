import { sql, type SQL } from 'drizzle-orm';
import type { ClientEvent } from '@playhall/contract';
import type { Executor } from '../../db/tx.ts';

async function rows<T extends object>(x: Executor, query: SQL): Promise<T[]> {
  const res = (await x.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** Where `offered` stops counting: far past any daily allowance, well inside an integer column. */
const OFFERED_CEILING = 2_000_000_000;

/**
 * Stores a batch in one statement: the client's day counter goes up by the batch's size (its row
 * lock orders concurrent batches of one client), and only the events still inside the daily
 * allowance are inserted, in the batch's order. Answers how many were kept.
 */
export async function insertEvents(
  x: Executor,
  b: { day: string; clientKey: string; userId: number | null; events: ClientEvent[]; perDay: number },
): Promise<number> {
  const n = b.events.length;
  const json = JSON.stringify(b.events);
  const [row] = await rows<{ kept: number }>(
    x,
    sql`with quota as (
          insert into client_event_quota as q (day, client_key, offered)
          values (${b.day}::date, ${b.clientKey}, ${n})
          on conflict (day, client_key) do update set offered = least(q.offered + excluded.offered, ${OFFERED_CEILING})
          returning offered
        ), kept as (
          insert into client_event (day, name, user_id, client_key, at, props)
          select ${b.day}::date, e.v->>'name', ${b.userId}::bigint, ${b.clientKey}, to_timestamp((e.v->>'time')::bigint), e.v->'props'
            from jsonb_array_elements(${json}::jsonb) with ordinality as e(v, ord), quota
           where e.ord <= ${b.perDay} - (quota.offered - ${n})
          returning 1
        )
        select count(*)::int as kept from kept`,
  );
  return Number(row?.kept ?? 0);
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
