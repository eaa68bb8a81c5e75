import { sql, type SQL } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { Executor, Tx } from '../../db/tx.ts';
import { viewReadOn } from '../../db/write-generation.ts';
import { domainEvent, eventConsumer } from '../../db/schema.ts';
import type { EventName, EventPayload } from './catalogue.ts';

/**
 * The outbox: a domain event of the catalogue recorded in the caller's transaction, so the event
 * exists exactly when the change does. Consumers read it later through the event runner.
 */
export async function insertDomainEvent<N extends EventName>(x: Executor, type: N, payload: EventPayload<N>, at: Date): Promise<void> {
  await x.insert(domainEvent).values({ type, payload, createdAt: at });
}

/** A consumer's place in the outbox: the last event applied, in (txid, id) order. */
export interface Cursor {
  name: string;
  lastTxid: number;
  lastId: number;
  failures: number;
  retryAt: Date | null;
}

export interface StoredEvent {
  id: number;
  txid: number;
  type: string;
  payload: unknown;
  createdAt: Date;
}

type Rows<T> = { rows: T[] };

export async function ensureCursor(x: Executor, name: string, at: Date): Promise<void> {
  await x.insert(eventConsumer).values({ name, updatedAt: at }).onConflictDoNothing();
}

/**
 * Locks the consumer's cursor row for this transaction, or answers null when another transaction
 * (another server instance) holds it: that instance is running the consumer, this one skips.
 */
export async function lockCursor(tx: Tx, name: string): Promise<Cursor | null> {
  return (await readCursors(tx, sql`name = ${name} FOR UPDATE SKIP LOCKED`, false))[0] ?? null;
}

/** The cursors of these consumers, unlocked (where a group's shared read starts): a view read on PGlite. */
export const cursors = (x: Executor, names: readonly string[]) => readCursors(x, sql`name = ANY (${arrayLiteral(names)}::text[])`, true);

async function readCursors(x: Executor, where: SQL, view: boolean): Promise<Cursor[]> {
  const query = sql`
    SELECT name, last_txid::text AS "lastTxid", last_id::text AS "lastId", failures, retry_at AS "retryAt"
      FROM event_consumer WHERE ${where}`;
  const res = (await x.execute(view ? viewReadOn(x, query) : query)) as unknown as Rows<{ name: string; lastTxid: string; lastId: string; failures: number; retryAt: Date | string | null }>;
  return res.rows.map((r) => ({ name: r.name, lastTxid: Number(r.lastTxid), lastId: Number(r.lastId), failures: r.failures, retryAt: r.retryAt === null ? null : new Date(r.retryAt) }));
}

/**
 * The visibility horizon (a view read on PGlite): every transaction below it has ended, so the events written below it
 * are all visible now and no more will appear there. Read before the events, it is at most the
 * horizon of the read itself, which keeps the cursor on the safe side.
 */
export async function visibilityHorizon(x: Executor): Promise<number> {
  const res = (await x.execute(viewReadOn(x, sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS h`))) as unknown as Rows<{ h: string }>;
  return Number(res.rows[0]?.h);
}

/**
 * The next events after the cursor, in (txid, id) order, written by transactions below `upper`
 * (at most the horizon), by the B-tree on (txid, id, type): in order, types checked in the index (decision 061).
 * A view read on PGlite.
 */
export async function readEvents(x: Executor, after: { lastTxid: number; lastId: number }, upper: number, types: readonly string[], limit: number): Promise<StoredEvent[]> {
  const res = (await x.execute(viewReadOn(x, sql`
    SELECT e.id::text AS "eventId", e.txid::text AS "eventTxid", e.type, e.payload, e.created_at AS "createdAt"
      FROM domain_event e
     WHERE e.txid >= ${after.lastTxid} AND e.txid < ${upper}
       AND (e.txid, e.id) > (${after.lastTxid}::bigint, ${after.lastId}::bigint)
       AND e.type = ANY (${`{${types.join(',')}}`}::text[])
     ORDER BY e.txid, e.id
     LIMIT ${limit}`))) as unknown as Rows<{ eventId: string; eventTxid: string; type: string; payload: unknown; createdAt: Date | string }>;
  // Ids travel as text (bigint), under names of their own: ORDER BY must sort the numbers.
  return res.rows.map((r) => ({ id: Number(r.eventId), txid: Number(r.eventTxid), type: r.type, payload: r.payload, createdAt: new Date(r.createdAt) }));
}

/** Moves the cursor (in the transaction of the batch's effects) and clears a failure streak. */
export async function advanceCursor(tx: Tx, name: string, to: { lastTxid: number; lastId: number }, applied: number, at: Date): Promise<void> {
  await tx.execute(sql`
    UPDATE event_consumer
       SET last_txid = ${to.lastTxid}, last_id = ${to.lastId}, applied = applied + ${applied},
           failures = 0, last_error = NULL, retry_at = NULL, updated_at = ${at}
     WHERE name = ${name}`);
}

/**
 * Records a failed batch: the streak, the error, and when the next try may run; unless the cursor
 * moved since it was read (another instance applied the batch meanwhile), when it records nothing.
 */
export async function recordFailure(x: Executor, name: string, seen: { lastTxid: number; lastId: number }, error: string, retryAt: Date, at: Date): Promise<void> {
  await x.execute(sql`
    UPDATE event_consumer SET failures = failures + 1, last_error = ${error.slice(0, 1000)}, retry_at = ${retryAt}, updated_at = ${at}
     WHERE name = ${name} AND last_txid = ${seen.lastTxid} AND last_id = ${seen.lastId}`);
}

export interface ConsumerLag {
  lastTxid: number;
  lastId: number;
  applied: number;
  failures: number;
  lastError: string | null;
  retryAt: Date | null;
  behind: number;
  oldestCreatedAt: Date | null;
}

/**
 * What a consumer has not applied yet (events of its types after its cursor, committed or not
 * yet below the horizon), counted up to `cap` so a far-behind consumer costs a bounded read. The
 * oldest is taken among those `cap`, the first in the table's append order, so the oldest written.
 */
export async function consumerLag(x: Executor, name: string, types: readonly string[], cap: number): Promise<ConsumerLag | null> {
  const res = (await x.execute(sql`
    WITH c AS (SELECT * FROM event_consumer WHERE name = ${name}),
    pending AS (
      SELECT e.created_at FROM domain_event e, c
       WHERE e.txid >= c.last_txid AND (e.txid, e.id) > (c.last_txid, c.last_id)
         AND e.type = ANY (${`{${types.join(',')}}`}::text[])
       LIMIT ${cap})
    SELECT c.last_txid::text AS "lastTxid", c.last_id::text AS "lastId", c.applied::text AS applied, c.failures,
           c.last_error AS "lastError", c.retry_at AS "retryAt",
           (SELECT count(*) FROM pending)::int AS behind, (SELECT min(created_at) FROM pending) AS "oldest"
      FROM c`)) as unknown as Rows<{
    lastTxid: string;
    lastId: string;
    applied: string;
    failures: number;
    lastError: string | null;
    retryAt: Date | string | null;
    behind: number;
    oldest: Date | string | null;
  }>;
  const r = res.rows[0];
  if (!r) return null;
  return {
    lastTxid: Number(r.lastTxid),
    lastId: Number(r.lastId),
    applied: Number(r.applied),
    failures: r.failures,
    lastError: r.lastError,
    retryAt: r.retryAt === null ? null : new Date(r.retryAt),
    behind: Number(r.behind),
    oldestCreatedAt: r.oldest === null ? null : new Date(r.oldest),
  };
}
