import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { withTx, type Tx } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
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
  /** The smallest txid span one read covers (see runBatch). */
  minTxidWindow?: number;
}

export const LAG_COUNT_CAP = 10_000;
const MAX_TXID_WINDOW = 2 ** 40;
const DEFAULT_BATCH = 100;

export function createEventRunner({ db, clock, log, consumers, pollMs = 1000, baseBackoffMs = 1000, maxBackoffMs = 5 * 60_000, minTxidWindow = 64 }: EventRunnerOptions) {
  const byName = new Map<string, EventConsumer>();
  for (const c of consumers) {
    if (byName.has(c.name)) throw new Error(`Two event consumers are named ${c.name}`);
    if (c.events.length === 0) throw new Error(`Event consumer ${c.name} reads no events`);
    byName.set(c.name, c);
  }
  const ensured = new Set<string>();
  const windows = new Map<string, number>();
  let running = false;
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

  /** Reads and applies one batch of a consumer's events, in one transaction with its cursor. */
  async function runBatch(name: string): Promise<BatchResult> {
    const c = consumer(name);
    await ensureCursor(name);
    const size = c.batchSize ?? DEFAULT_BATCH;
    let seen: repo.Cursor | undefined;
    try {
      return await withTx(db, async (tx): Promise<BatchResult> => {
        const cursor = await repo.lockCursor(tx, name);
        if (!cursor) return { status: 'busy' };
        seen = cursor;
        if (cursor.retryAt && cursor.retryAt.getTime() > clock.now().getTime()) return { status: 'backoff', retryAt: cursor.retryAt };
        const horizon = await repo.visibilityHorizon(tx);
        // One read sorts every event of its txid window, which keeps a far-behind consumer's reads
        // bounded: it halves where events are dense, and an empty window (a glance at the index)
        // doubles until it finds events or reaches the horizon.
        let window = windows.get(name) ?? minTxidWindow;
        let upper: number;
        let rows: repo.StoredEvent[];
        for (;;) {
          upper = Math.min(horizon, cursor.lastTxid + window);
          rows = await repo.readEvents(tx, cursor, upper, c.events, size);
          if (rows.length > 0 || upper >= horizon) break;
          window = Math.min(MAX_TXID_WINDOW, window * 2);
        }
        let used = rows.length;
        if (rows.length > 0) {
          const n = await c.handle(tx, rows.map(parseEvent));
          if (typeof n === 'number') used = Math.max(1, Math.min(rows.length, Math.floor(n)));
        }
        // A handler that applied only the first events ends its batch there, as a full one does.
        const full = rows.length === size || used < rows.length;
        const last = rows[used - 1];
        // The next window holds about two batches: a full batch spanned (last.txid - cursor) txids,
        // so twice that (a read sorts every event of its window: a window far wider than the batch
        // would sort the same pending events again on every batch). A short batch that stopped
        // before the horizon doubles it.
        const span = full && last ? last.txid - cursor.lastTxid + 1 : 0;
        windows.set(name, full ? Math.max(minTxidWindow, Math.min(window, 2 * span)) : rows.length > 0 && upper < horizon ? Math.min(MAX_TXID_WINDOW, window * 2) : window);
        // A short batch read everything below `upper`, which is at most the horizon: the cursor
        // moves there, so events of other types are not read again. Every transaction not yet
        // ended is at or above the horizon.
        const to = full && last ? { lastTxid: last.txid, lastId: last.id } : { lastTxid: upper, lastId: 0 };
        const more = full || upper < horizon;
        const moved = to.lastTxid > cursor.lastTxid || (to.lastTxid === cursor.lastTxid && to.lastId > cursor.lastId);
        if (moved || cursor.failures > 0) await repo.advanceCursor(tx, name, moved ? to : cursor, used, clock.now());
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

  async function loop(name: string): Promise<void> {
    while (running) {
      let wait = pollMs;
      try {
        const r = await runBatch(name);
        if (r.status === 'applied' && r.more) wait = 0;
        else if (r.status === 'backoff' || r.status === 'failed') wait = Math.max(0, Math.min(r.retryAt.getTime() - clock.now().getTime(), maxBackoffMs));
      } catch (err) {
        // The database itself failed (not the handler): try again after the poll interval.
        log.error({ err, consumer: name }, 'event consumer could not run');
      }
      if (running && wait > 0) await sleep(wait);
    }
  }

  return {
    runBatch,
    drain,
    /** Starts one loop per consumer; the cursor's row lock keeps one instance per consumer at a time. */
    start(): void {
      if (running) return;
      running = true;
      for (const name of byName.keys()) loops.push(loop(name));
    },
    /** Stops the loops, letting a batch in flight finish (its transaction commits or rolls back whole). */
    async stop(): Promise<void> {
      running = false;
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
