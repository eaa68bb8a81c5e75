import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { withTx, type Executor, type Tx } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { eventOutboxReads } from '../../lib/metrics.ts';
import { parseEvent, type DomainEvent, type EventName } from './catalogue.ts';
import * as repo from './domain-events.repo.ts';

/**
 * A reader of the outbox with its own cursor (decision 022). `handle` runs in the transaction that
 * moves the cursor, so its effects and the cursor commit together: each event is applied exactly
 * once. It must write only to the database (a retried batch runs again) and must not commit.
 */
export interface EventConsumer<N extends EventName = EventName> {
  name: string;
  events: readonly N[];
  /** Events per transaction (default 100). */
  batchSize?: number;
  /**
   * Applies the events. It may apply only the first n of them (at least one) and answer n: the
   * cursor moves past those and the rest come first in the next batch (a handler keeping its
   * transaction short, decision 055).
   */
  handle(tx: Tx, events: DomainEvent<N>[]): Promise<void | number>;
}

/** Keeps a consumer's event names and its handler's argument in step. */
export const defineConsumer = <N extends EventName>(c: EventConsumer<N>): EventConsumer<N> => c;

export type BatchResult =
  | { status: 'applied'; applied: number; more: boolean }
  /** Another instance holds the consumer's cursor. */
  | { status: 'busy' }
  /** A failed batch waits for its retry time. */
  | { status: 'backoff'; retryAt: Date }
  | { status: 'failed'; error: string; failures: number; retryAt: Date };

export interface ConsumerLagReport {
  name: string;
  events: readonly string[];
  /** Events of its types after its cursor (at most LAG_COUNT_CAP: then `behindCapped`). */
  behind: number;
  behindCapped: boolean;
  /** Age of the oldest event it has not applied, 0 when none. */
  oldestAgeMs: number;
  applied: number;
  failures: number;
  lastError: string | null;
  retryAt: string | null;
}

export interface EventRunnerOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  consumers: readonly EventConsumer[];
  /** Wait between reads when a consumer has caught up. */
  pollMs?: number;
  /** Retry delay after the first failure, doubled per failure up to maxBackoffMs. */
  baseBackoffMs?: number;
  maxBackoffMs?: number;
  /** The smallest txid span one read covers (see readOutbox). */
  minTxidWindow?: number;
  /**
   * How far (in txids) an idle consumer's cursor may stay behind the outbox's end before a batch
   * moves it (see idle): its reads scan the index from its cursor, so this bounds what an idle pass reads.
   */
  idleTxids?: number;
}

/** A place in the outbox, in (txid, id) order: a cursor, or where a batch ends. */
interface Position {
  lastTxid: number;
  lastId: number;
}
const positionOf = (e: repo.StoredEvent): Position => ({ lastTxid: e.txid, lastId: e.id });
const isAfter = (a: Position, b: Position) => a.lastTxid > b.lastTxid || (a.lastTxid === b.lastTxid && a.lastId > b.lastId);

/** What one read of the outbox found: the first events of its types after `from` (in order), and where a batch of them ends. */
interface OutboxRead {
  from: Position;
  rows: repo.StoredEvent[];
  /** The last row when the read was full (more may follow below the horizon), else the read's txid bound: every event of its types in (from, end] is in `rows`. */
  end: Position;
  /** Whether events may wait after `end`. */
  more: boolean;
  /** The rows checked against the catalogue, by id, once for all its consumers. */
  parsed: Map<number, DomainEvent>;
}

/**
 * Consumers whose event types overlap (decision 064), in registration order: one loop runs them
 * one after another on one read of the outbox a pass, each in its own transaction with its cursor.
 */
interface Group {
  key: string;
  members: EventConsumer[];
  events: string[];
  batchSize: number;
}

function groupsOf(consumers: readonly EventConsumer[]): Group[] {
  let sets: EventConsumer[][] = [];
  for (const c of consumers) {
    const joined = sets.filter((g) => g.some((m) => m.events.some((t) => c.events.includes(t))));
    sets = [...sets.filter((g) => !joined.includes(g)), [...joined.flat(), c]];
  }
  return sets.map((g) => {
    const members = consumers.filter((c) => g.includes(c));
    return {
      key: members.map((c) => c.name).join('+'),
      members,
      events: [...new Set(members.flatMap((c) => c.events))],
      batchSize: Math.max(...members.map((c) => c.batchSize ?? DEFAULT_BATCH)),
    };
  });
}

export const LAG_COUNT_CAP = 10_000;
const MAX_TXID_WINDOW = 2 ** 40;
const DEFAULT_BATCH = 100;

export function createEventRunner({ db, clock, log, consumers, pollMs = 1000, baseBackoffMs = 1000, maxBackoffMs = 5 * 60_000, minTxidWindow = 64, idleTxids = 1_000 }: EventRunnerOptions) {
  const byName = new Map<string, EventConsumer>();
  for (const c of consumers) {
    if (byName.has(c.name)) throw new Error(`Two event consumers are named ${c.name}`);
    if (c.events.length === 0) throw new Error(`Event consumer ${c.name} reads no events`);
    byName.set(c.name, c);
  }
  const groups = groupsOf(consumers);
  const ensured = new Set<string>();
  const windows = new Map<string, number>();
  let running = false;
  /** Set by stop(): a pass in flight ends after the batch it is running. */
  let stopping = false;
  const loops: Promise<void>[] = [];
  const sleepers = new Set<() => void>();

  function consumer(name: string): EventConsumer {
    const c = byName.get(name);
    if (!c) throw new Error(`No event consumer named ${name}`);
    return c;
  }

  /** Backoff after `failures` failed tries in a row: base, 2×base, 4×base … up to the cap. */
  const backoffMs = (failures: number) => Math.min(baseBackoffMs * 2 ** Math.max(0, failures - 1), maxBackoffMs);

  /** A new consumer starts at the beginning of the outbox. */
  async function ensureCursor(name: string): Promise<void> {
    if (ensured.has(name)) return;
    await repo.ensureCursor(db, name, clock.now());
    ensured.add(name);
  }

  /**
   * One read of the outbox (in `x`, a consumer's transaction or the pool) for events of `types`
   * after `from`, at most `size` of them, below the visibility horizon, in txid windows. One read
   * sorts every event of its window, which keeps a far-behind reader's reads bounded: it halves
   * where events are dense, and an empty window (a glance at the index) doubles until it finds
   * events or reaches the horizon. `key` names the reader whose window this is.
   */
  async function readOutbox(x: Executor, key: string, from: Position, types: readonly string[], size: number): Promise<OutboxRead> {
    const horizon = await repo.visibilityHorizon(x);
    let window = windows.get(key) ?? minTxidWindow;
    let upper: number;
    let rows: repo.StoredEvent[];
    for (;;) {
      upper = Math.min(horizon, from.lastTxid + window);
      rows = await repo.readEvents(x, from, upper, types, size);
      eventOutboxReads.inc({ reader: key });
      if (rows.length > 0 || upper >= horizon) break;
      window = Math.min(MAX_TXID_WINDOW, window * 2);
    }
    const full = rows.length === size;
    const last = rows.at(-1);
    // The next window holds about two batches: a full batch spanned (last.txid - from) txids, so
    // twice that (a read sorts every event of its window: a window far wider than the batch would
    // sort the same pending events again on every batch). A short read that stopped before the
    // horizon doubles it.
    const span = full && last ? last.txid - from.lastTxid + 1 : 0;
    windows.set(key, full ? Math.max(minTxidWindow, Math.min(window, 2 * span)) : rows.length > 0 && upper < horizon ? Math.min(MAX_TXID_WINDOW, window * 2) : window);
    // A short read found everything below `upper`, which is at most the horizon: a batch of it
    // ends there, so events of other types are not read again. Every transaction not yet ended
    // is at or above the horizon, so no event will ever appear below it.
    return { from, rows, end: full && last ? positionOf(last) : { lastTxid: upper, lastId: 0 }, more: full || upper < horizon, parsed: new Map() };
  }

  /**
   * A consumer's batch from a read that covers its cursor: its events after the cursor, at most
   * its batch size (then the batch ends at its last event and more follow), else everything up to
   * the read's end.
   */
  function batchOf(c: EventConsumer, cursor: Position, read: OutboxRead): { rows: repo.StoredEvent[]; end: Position; more: boolean } {
    const size = c.batchSize ?? DEFAULT_BATCH;
    const mine = read.rows.filter((r) => (r.txid > cursor.lastTxid || (r.txid === cursor.lastTxid && r.id > cursor.lastId)) && c.events.includes(r.type as EventName));
    if (mine.length > size) {
      const rows = mine.slice(0, size);
      return { rows, end: positionOf(rows.at(-1)!), more: true };
    }
    return { rows: mine, end: read.end, more: read.more };
  }

  /** The events of a read, each checked against the catalogue once however many consumers apply it (they must not change them). */
  const eventsOf = (read: OutboxRead, rows: readonly repo.StoredEvent[]) =>
    rows.map((r) => {
      let e = read.parsed.get(r.id);
      if (!e) read.parsed.set(r.id, (e = parseEvent(r)));
      return e;
    });

  /**
   * Reads and applies one batch of a consumer's events, in one transaction with its cursor. With
   * `shared` (its group's read, decision 064: every type any member reads) whose range holds the
   * cursor, the batch comes from it instead of a read of its own.
   */
  async function runBatch(name: string, shared?: OutboxRead): Promise<BatchResult> {
    const c = consumer(name);
    await ensureCursor(name);
    let seen: repo.Cursor | undefined;
    try {
      return await withTx(db, async (tx): Promise<BatchResult> => {
        const cursor = await repo.lockCursor(tx, name);
        if (!cursor) return { status: 'busy' };
        seen = cursor;
        if (cursor.retryAt && cursor.retryAt.getTime() > clock.now().getTime()) return { status: 'backoff', retryAt: cursor.retryAt };
        const covers = shared && !isAfter(shared.from, cursor) && isAfter(shared.end, cursor);
        const read = covers ? shared : await readOutbox(tx, name, cursor, c.events, c.batchSize ?? DEFAULT_BATCH);
        const batch = batchOf(c, cursor, read);
        let { end, more } = batch;
        let used = batch.rows.length;
        if (used > 0) {
          const n = await c.handle(tx, eventsOf(read, batch.rows));
          // A handler that applied only the first events ends its batch there, as a full one does.
          if (typeof n === 'number' && Math.floor(n) < used) {
            used = Math.max(1, Math.floor(n));
            end = positionOf(batch.rows[used - 1]!);
            more = true;
          }
        }
        const moved = isAfter(end, cursor);
        if (moved || cursor.failures > 0) await repo.advanceCursor(tx, name, moved ? end : cursor, used, clock.now());
        return { status: 'applied', applied: used, more };
      });
    } catch (err) {
      const read = seen as repo.Cursor | undefined;
      if (!read) throw err;
      const error = err instanceof Error ? err.message : String(err);
      const failures = read.failures + 1;
      const now = clock.now();
      const retryAt = new Date(now.getTime() + backoffMs(failures));
      await repo.recordFailure(db, name, read, error, retryAt, now);
      log.warn({ err, consumer: name, failures, retryAt }, 'event consumer batch failed; retrying later');
      return { status: 'failed', error, failures, retryAt };
    }
  }

  /** Runs batches until the consumer has caught up with the horizon (or is busy or failing). */
  async function drain(name: string): Promise<BatchResult> {
    for (;;) {
      const r = await runBatch(name);
      if (r.status !== 'applied' || !r.more) return r;
    }
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  }

  /**
   * The group's shared read (decision 064), outside any transaction (view reads on PGlite): the
   * members' cursors, then from the cursor furthest behind among those not waiting out a failure,
   * every event any of them reads, the largest batch any of them takes. None when no member is ready.
   */
  async function sharedRead(group: Group): Promise<{ read: OutboxRead; cursors: Map<string, repo.Cursor> } | undefined> {
    for (const c of group.members) await ensureCursor(c.name);
    const now = clock.now().getTime();
    const cursors = new Map((await repo.cursors(db, group.members.map((c) => c.name))).map((c) => [c.name, c]));
    const ready = [...cursors.values()].filter((c) => !c.retryAt || c.retryAt.getTime() <= now);
    if (ready.length === 0) return undefined;
    const from = ready.reduce((a, b) => (isAfter(a, b) ? b : a));
    return { read: await readOutbox(db, group.key, { lastTxid: from.lastTxid, lastId: from.lastId }, group.events, group.batchSize), cursors };
  }

  /**
   * Whether a member has nothing to do by the shared read: no events of its types after its cursor,
   * none left unread, no failure to clear, and its cursor within idleTxids of the read's end. Its
   * batch would then only move the cursor over others' events, a transaction a second per consumer
   * that on PGlite drops every kept view (decision 059); it is left for when the distance grows.
   */
  function idle(c: EventConsumer, cursor: repo.Cursor | undefined, read: OutboxRead): boolean {
    // The read must span the cursor: from at or before it, to at or after it.
    if (!cursor || cursor.failures > 0 || cursor.retryAt || isAfter(read.from, cursor) || isAfter(cursor, read.end)) return false;
    const batch = batchOf(c, cursor, read);
    return batch.rows.length === 0 && !batch.more && batch.end.lastTxid - cursor.lastTxid <= idleTxids;
  }

  /** One pass over a group: one shared read, then each member's batch. Answers how long to wait before the next (0: more are waiting). */
  async function pass(group: Group): Promise<number> {
    let wait = pollMs;
    const shared = await sharedRead(group);
    for (const c of group.members) {
      if (stopping) break;
      if (shared && idle(c, shared.cursors.get(c.name), shared.read)) continue;
      const r = await runBatch(c.name, shared?.read);
      if (r.status === 'applied' && r.more) wait = 0;
      else if (r.status === 'backoff' || r.status === 'failed') wait = Math.min(wait, Math.max(0, Math.min(r.retryAt.getTime() - clock.now().getTime(), maxBackoffMs)));
    }
    return wait;
  }

  async function loop(group: Group): Promise<void> {
    while (running) {
      let wait = pollMs;
      try {
        wait = await pass(group);
      } catch (err) {
        // The database itself failed (not a handler): try again after the poll interval.
        log.error({ err, consumers: group.key }, 'event consumers could not run');
      }
      if (running && wait > 0) await sleep(wait);
    }
  }

  return {
    runBatch,
    drain,
    /** Runs every group's passes until each has caught up (or its members are busy or failing), as the loops would. */
    async drainAll(): Promise<void> {
      for (const g of groups) while ((await pass(g)) === 0);
    },
    /** Starts one loop per group of consumers; the cursor's row lock keeps one instance per consumer at a time. */
    start(): void {
      if (running) return;
      running = true;
      stopping = false;
      for (const g of groups) loops.push(loop(g));
    },
    /** Stops the loops, letting a batch in flight finish (its transaction commits or rolls back whole). */
    async stop(): Promise<void> {
      running = false;
      stopping = true;
      for (const wake of [...sleepers]) wake();
      await Promise.all(loops.splice(0));
    },
    /** Each consumer's lag, for operators. */
    async lag(): Promise<ConsumerLagReport[]> {
      const now = clock.now().getTime();
      const out: ConsumerLagReport[] = [];
      for (const c of byName.values()) {
        await ensureCursor(c.name);
        const l = await repo.consumerLag(db, c.name, c.events, LAG_COUNT_CAP);
        out.push({
          name: c.name,
          events: c.events,
          behind: l?.behind ?? 0,
          behindCapped: (l?.behind ?? 0) >= LAG_COUNT_CAP,
          oldestAgeMs: l?.oldestCreatedAt ? Math.max(0, now - l.oldestCreatedAt.getTime()) : 0,
          applied: l?.applied ?? 0,
          failures: l?.failures ?? 0,
          lastError: l?.lastError ?? null,
          retryAt: l?.retryAt?.toISOString() ?? null,
        });
      }
      return out;
    },
  };
}
export type EventRunner = ReturnType<typeof createEventRunner>;
