import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
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
  /**
   * The request body's JSON text when the contract's check accepted it as it came (its `eventList`
   * is then exactly `events`), or null: stored as is when `storableAsIs`, else `events` serialised.
   */
  bodyText: string | null;
}

/** Longest body text stored as it came: its numbers' digits cannot then fill the props' 4 KiB (see storableAsIs). */
const AS_IS_MAX_CHARS = 3_072;

/**
 * Whether a checked body's text can go to PostgreSQL as it came (decision 058). Strings and keys
 * read the same in both (JSON escapes, the last of a repeated key kept); a number may not: JavaScript
 * rounds a literal to a double (1e-99999 checks as 0, and so does 0.000…1 written with any number
 * of digits), while jsonb keeps its digits, refuses an exponent past numeric's range and counts every
 * digit in the props' size check. So a text with an exponent (a digit then e or E, anywhere) or
 * longer than AS_IS_MAX_CHARS goes serialised from the checked values instead, as does one starting
 * with a byte-order mark (Fastify's parser skips it, jsonb does not). The tracker's full batch is about
 * 1.7 kB. Other numbers keep the digits the client wrote; an event's time is read as the same double
 * JavaScript checked (see INSERT_SQL). Measured: 0.65 µs per tracker body (a scan for runs of 20
 * digits as well cost 4.2 µs, most of what not serialising saves).
 */
export function storableAsIs(text: string): boolean {
  return text.length <= AS_IS_MAX_CHARS && text.charCodeAt(0) !== 0xfeff && !/\d[eE]/.test(text);
}

/**
 * Stores several clients' batches in one statement (group commit: one round trip and one commit for
 * all of them). Each client's day counter goes up by its batch's size, and only the events still
 * inside its daily allowance (`perDay`) are inserted, in the batch's order. A client appears at most
 * once per statement (the caller's key), so each counter row is written once. Answers how many
 * events of each batch were kept, in order.
 */
export async function insertEventBatches(x: Executor, batches: EventBatch[], perDay: number): Promise<number[]> {
  // Built as text: the batches' bodies go in as they came when they can (decision 058: serialising
  // 20 events again was about a sixth of the call's CPU in Node); `day` is YYYY-MM-DD, `user` a number.
  let json = '[';
  for (let i = 0; i < batches.length; i++) {
    const b = batches[i]!;
    const body = b.bodyText !== null && storableAsIs(b.bodyText) ? b.bodyText : JSON.stringify({ eventList: b.events });
    json += `${i ? ',' : ''}{"day":"${b.day}","key":${JSON.stringify(b.clientKey)},"user":${b.userId ?? 'null'},"body":${body}}`;
  }
  json += ']';
  let kept: { kept: number }[];
  const client = (x as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    // Outside a transaction on PostgreSQL: a named statement, parsed and planned once per connection
    // (measured: a quarter of the statement's CPU in PostgreSQL for 8 batches of 20).
    kept = (await client.query<{ kept: number }>({ name: 'client_event_insert', text: INSERT_SQL, values: [json, perDay] })).rows;
  } else {
    // PGlite, or inside a transaction: the same text, its $n placeholders bound by Drizzle.
    const values = [json, perDay];
    const parts = INSERT_SQL.split(/\$(\d)/);
    kept = await rows<{ kept: number }>(x, sql.join(parts.map((p, i) => (i % 2 ? sql`${values[Number(p) - 1]}` : sql.raw(p)))));
  }
  if (kept.length !== batches.length) throw new Error('insertEventBatches answered the wrong number of batches');
  return kept.map((r) => Number(r.kept));
}

/**
 * $1: the batches as JSON ([{day, key, user, body: {eventList, …}}], in order), $2: the daily
 * allowance. An event's time is read as a double, as JavaScript checked it (a literal such as
 * 1700000000.0 is a whole number there). Each
 * client's counter goes up by its batch's size; only the events still inside the allowance are
 * inserted, in the batch's order; answers each batch's kept count in input order.
 */
const INSERT_SQL = `with input as (
    select b.i, (b.v->>'day')::date as day, b.v->>'key' as client_key, (b.v->>'user')::bigint as user_id,
           b.v->'body'->'eventList' as events, jsonb_array_length(b.v->'body'->'eventList') as n
      from jsonb_array_elements($1::jsonb) with ordinality as b(v, i)
  ), quota as (
    insert into client_event_quota as q (day, client_key, offered)
    select day, client_key, n from input
    on conflict (day, client_key) do update set offered = least(q.offered + excluded.offered, ${OFFERED_CEILING})
    returning day, client_key, offered
  ), allowed as (
    select input.*, greatest(0, least(input.n, $2::int - (quota.offered - input.n))) as room
      from input join quota using (day, client_key)
  ), stored as (
    insert into client_event (day, name, user_id, client_key, at, props)
    select a.day, e.v->>'name', a.user_id, a.client_key, to_timestamp((e.v->>'time')::float8), e.v->'props'
      from allowed a cross join lateral jsonb_array_elements(a.events) with ordinality as e(v, ord)
     where e.ord <= a.room
  )
  select room::int as kept from allowed order by i`;

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
