import { PGlite } from '@electric-sql/pglite';
import { groupCommitBatch } from '../lib/metrics.ts';
import type { Db } from './client.ts';
import type { WriteGeneration } from './write-generation.ts';

interface Waiter<V> {
  resolve: (v: V | null) => void;
  reject: (err: unknown) => void;
}

export interface ReadBatchOptions<V> {
  /** Names its batch sizes in /metrics (playhall_group_commit_batch_size{batcher}). */
  name: string;
  /** One statement for these ids (distinct, at most maxBatch): the value per id found. */
  read: (ids: number[]) => Promise<Map<number, V>>;
  /** Statements in flight at once. */
  lanes?: number;
  /** Waiting ids needed to open another statement while one is in flight. */
  spill?: number;
  /** Ids per statement at most. */
  maxBatch?: number;
  /**
   * PGlite (decision 059): values read are kept and answered again with no statement while this
   * generation has not moved (nothing but view reads ran since). `read` must then be a view read
   * (its text marked with `viewRead`) whose value depends on the database alone, never on the time.
   */
  keepWhile?: WriteGeneration | null;
}

/** Kept values at most (players); past it the batch's values are not kept. */
const MAX_KEPT = 50_000;

/**
 * Group reads (decision 054): the hot reads of the same kind that arrive together go to the database
 * as one statement (`… where id = any($1)`), as group commit does for writes. A read joins only a
 * statement not yet sent, so it sees every write committed before it arrived (a player's balance is
 * never older than the call asking for it). An idle batcher waits for the end of the current turn of
 * the event loop, so the calls whose requests were read in the same turn go together; while a
 * statement is in flight the next ones wait for it and go together after. The same id asked twice
 * in one batch is read once. A failed statement fails the calls it carried (a read changes nothing,
 * so nothing is replayed).
 */
export class ReadBatcher<V> {
  private waiting = new Map<number, Waiter<V>[]>();
  private inFlight = 0;
  private scheduled = false;
  private readonly lanes: number;
  private readonly spill: number;
  private readonly maxBatch: number;
  private readonly batchSizes: ReturnType<typeof groupCommitBatch.labels>;
  /** Values read at generation `keptAt` (keepWhile): all of one generation, dropped together when it moves. */
  private readonly kept = new Map<number, V>();
  private keptAt = -1;

  constructor(private readonly opts: ReadBatchOptions<V>) {
    this.lanes = opts.lanes ?? 2;
    this.spill = opts.spill ?? 8;
    this.maxBatch = opts.maxBatch ?? 200;
    this.batchSizes = groupCommitBatch.labels(opts.name);
  }

  get(id: number): Promise<V | null> {
    const writes = this.opts.keepWhile;
    if (writes && this.keptAt === writes.current) {
      const value = this.kept.get(id);
      if (value !== undefined) return Promise.resolve(value);
    }
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(id);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(id, [{ resolve, reject }]);
      if (this.inFlight === 0) this.schedule();
      else this.pump();
    });
  }

  /** Sends at the end of this turn of the event loop, with every call that asks meanwhile. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.waiting.size > 0 && this.inFlight < this.lanes && (this.inFlight === 0 || this.waiting.size >= this.spill)) {
      const batch = new Map<number, Waiter<V>[]>();
      for (const [id, list] of this.waiting) {
        if (batch.size >= this.maxBatch) break;
        batch.set(id, list);
      }
      for (const id of batch.keys()) this.waiting.delete(id);
      this.inFlight++;
      void this.run(batch);
    }
  }

  private async run(batch: Map<number, Waiter<V>[]>): Promise<void> {
    this.batchSizes.observe(batch.size);
    try {
      const writes = this.opts.keepWhile;
      const from = writes?.current;
      const found = await this.opts.read([...batch.keys()]);
      // Kept only when nothing but view reads ran while it was read: the values are then those of generation `from`.
      if (writes && from !== undefined && writes.current === from) this.keep(from, found);
      for (const [id, list] of batch) {
        const v = found.get(id) ?? null;
        for (const w of list) w.resolve(v);
      }
    } catch (err) {
      for (const list of batch.values()) for (const w of list) w.reject(err);
    } finally {
      this.inFlight--;
      // The calls that asked meanwhile go at the end of this turn, with any that ask during it. Sent
      // at once (on arrival and here), PGlite, whose statements run on this thread, fell into groups
      // of one: 1.0 ids per statement and 1,230 µs of CPU per refreshData, against 8.0 and 270 µs.
      if (this.inFlight === 0) this.schedule();
      else this.pump();
    }
  }

  private keep(generation: number, found: Map<number, V>): void {
    if (this.keptAt !== generation) {
      this.kept.clear();
      this.keptAt = generation;
    }
    if (this.kept.size + found.size > MAX_KEPT) return;
    for (const [id, value] of found) this.kept.set(id, value);
  }
}

/**
 * Statements in flight at once for a group read on this database: PGlite runs one statement at a
 * time on its one connection, so a second would only wait behind the first and split the group.
 */
export function readLanes(db: Db): number {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite ? 1 : 2;
}

/** A PostgreSQL array literal of whole numbers (the batch's ids as one text parameter). */
export function idArray(ids: readonly number[]): string {
  return `{${ids.join(',')}}`;
}
