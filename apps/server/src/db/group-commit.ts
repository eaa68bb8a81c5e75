import { AppError, ErrorCode } from '@playhall/contract';
import { groupCommitBatch } from '../lib/metrics.ts';
import { isRetryable } from './tx.ts';

interface Pending<I, O> {
  item: I;
  resolve: (out: O) => void;
  reject: (err: unknown) => void;
  /** performance.now() when it was submitted. */
  queuedAt: number;
}

/** How long an item may wait for a lane before its caller hears that the server is too busy. */
export const SEND_WITHIN_MS = 5_000;

/**
 * An item that waited past its bound without being sent: it was dropped from the queue, so nothing
 * of it reached the database. Answered as code 503.
 */
export class GroupCommitTimeout extends AppError {
  constructor(ms: number) {
    super(ErrorCode.unavailable, `The server is too busy to take this call (it could not be sent within ${ms / 1000} s): nothing changed, try again`);
    this.name = 'GroupCommitTimeout';
  }
}

export interface GroupCommitOptions<I, O> {
  /** Names its batch sizes in /metrics (playhall_group_commit_batch_size{batcher}). */
  name: string;
  /** Calls in flight at once; each holds one connection. */
  lanes: number;
  /**
   * Queued items needed to open another call while one is in flight; fewer wait for it to finish
   * and go together. Measured on the ledger: a call's fixed cost (~0.3 ms of CPU in Node and
   * PostgreSQL together) is about five transfers' work, so a second call for a few items costs
   * more than it saves.
   */
  spill: number;
  /** Items per call at most. */
  maxBatch: number;
  /** Tries of a call that failed as a whole with a deadlock or serialization failure. */
  attempts: number;
  /** Items with the same key never share a call (a repeat waits for the next one). */
  keyOf?: (item: I) => string;
  /** One statement, one commit, for the whole batch: an answer per item, in order. */
  send: (items: I[]) => Promise<O[]>;
  /** Bound on an item's wait for a lane (SEND_WITHIN_MS unless given). */
  sendWithinMs?: number;
  /**
   * Only for items whose callers wait for nothing that matters (client events): fewer than `items`
   * waiting are held up to `ms` after the oldest arrived, even with a lane free, so one statement's
   * fixed cost is shared by more of them. Without it a free lane sends at once.
   */
  gather?: { items: number; ms: number };
}

/**
 * Group commit. Items that arrive while earlier calls are in flight wait and then go together as
 * one call: one round trip and one commit for all of them, each caller still waiting for that
 * commit before it hears its own answer. An idle batcher sends at once; a second call opens only
 * for `spill` or more waiting items. The statement answers each item on its own; a whole-call
 * failure is retried (deadlock, serialization) and otherwise replayed one item per call, so an
 * error reaches only the caller it belongs to. Re-sending must be safe: callers give their items
 * idempotency keys, so an item that did commit answers as a replay.
 */
export class GroupCommit<I, O> {
  private queue: Pending<I, O>[] = [];
  private inFlight = 0;
  /** A finished call's lane is held for one turn of the event loop (see release). */
  private held = 0;

  /** Fires when the oldest waiting item reaches its bound; armed only while items wait. */
  private expiry: NodeJS.Timeout | undefined;
  /** Fires when the oldest waiting item has gathered company long enough (`gather`). */
  private gathering: NodeJS.Timeout | undefined;
  private readonly sendWithinMs: number;
  private readonly batchSizes: ReturnType<typeof groupCommitBatch.labels>;

  constructor(private readonly opts: GroupCommitOptions<I, O>) {
    // Zero lanes would queue every item for ever.
    if (!Number.isInteger(opts.lanes) || opts.lanes < 1) throw new Error(`GroupCommit: lanes must be a whole number of at least 1, got ${opts.lanes}`);
    this.sendWithinMs = opts.sendWithinMs ?? SEND_WITHIN_MS;
    this.batchSizes = groupCommitBatch.labels(opts.name);
  }

  submit(item: I): Promise<O> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject, queuedAt: performance.now() });
      // A free lane sends at once: a lone caller never waits for company.
      this.pump();
      this.armExpiry();
    });
  }

  /**
   * A call in flight may hang (a stuck connection, a lock held elsewhere); items behind it are
   * never sent then. They are dropped at their bound and their callers told so: an item not yet
   * sent has changed nothing, while one in flight must wait for its answer, since it may commit.
   */
  private armExpiry(): void {
    if (this.expiry || this.queue.length === 0) return;
    const wait = this.queue[0]!.queuedAt + this.sendWithinMs - performance.now();
    this.expiry = setTimeout(() => {
      this.expiry = undefined;
      this.expire();
    }, Math.max(0, wait));
    this.expiry.unref();
  }

  /** The queue keeps submission order, so the items past their bound are its head. */
  private expire(): void {
    const limit = performance.now() - this.sendWithinMs;
    let late = 0;
    while (late < this.queue.length && this.queue[late]!.queuedAt <= limit) late++;
    for (const p of this.queue.splice(0, late)) p.reject(new GroupCommitTimeout(this.sendWithinMs));
    this.armExpiry();
  }

  private pump(): void {
    for (;;) {
      const busy = this.inFlight + this.held;
      if (busy >= this.opts.lanes || this.queue.length === 0 || (busy > 0 && this.queue.length < this.opts.spill)) return;
      if (this.gatherMore()) return;
      const batch = this.take();
      this.inFlight++;
      void this.run(batch).finally(() => this.release());
    }
  }

  /** Holds a small group for company (`gather`): true while it waits, with a timer to send it then. */
  private gatherMore(): boolean {
    const g = this.opts.gather;
    if (!g || this.queue.length >= g.items) return false;
    const wait = this.queue[0]!.queuedAt + g.ms - performance.now();
    if (wait <= 0) return false;
    this.gathering ??= setTimeout(() => {
      this.gathering = undefined;
      this.pump();
    }, wait);
    return true;
  }

  /**
   * A call finished. Its callers were just answered and send their next items within this turn of
   * the event loop; keep the lane until the turn ends so those go together as one call (measured:
   * sent at once, the first of them took the lane alone and batches stayed small).
   */
  private release(): void {
    this.inFlight--;
    this.held++;
    setImmediate(() => {
      this.held--;
      this.pump();
    });
  }

  /** The next batch: queue order, at most maxBatch, a key at most once. */
  private take(): Pending<I, O>[] {
    const { keyOf, maxBatch } = this.opts;
    if (!keyOf) return this.queue.splice(0, maxBatch);
    const batch: Pending<I, O>[] = [];
    const keys = new Set<string>();
    const rest: Pending<I, O>[] = [];
    for (const p of this.queue) {
      const key = keyOf(p.item);
      if (batch.length < maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(p);
      } else rest.push(p);
    }
    this.queue = rest;
    return batch;
  }

  private async run(batch: Pending<I, O>[]): Promise<void> {
    this.batchSizes.observe(batch.length);
    try {
      const outs = await this.call(batch.map((p) => p.item));
      batch.forEach((p, i) => p.resolve(outs[i]!));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // Someone's item broke the whole call: find whose by sending each alone.
      await Promise.all(batch.map((p) => this.call([p.item]).then((outs) => p.resolve(outs[0]!), p.reject)));
    }
  }

  private async call(items: I[]): Promise<O[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.opts.send(items);
      } catch (err) {
        if (!isRetryable(err) || attempt >= this.opts.attempts) throw err;
        await new Promise((r) => setTimeout(r, 5 * 2 ** attempt + Math.random() * 10));
      }
    }
  }
}
