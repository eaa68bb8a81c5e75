import type { Db } from '../../db/client.ts';
import * as repo from './ledger.repo.ts';

const RETRYABLE = new Set(['40001', '40P01']);

/** The SQLSTATE of a driver error (either driver nests it under `cause`). */
export function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isRetryable = (err: unknown): boolean => RETRYABLE.has(sqlState(err) ?? '');

interface Pending {
  transfer: repo.PostTransfer;
  resolve: (out: repo.PostOutcome) => void;
  reject: (err: unknown) => void;
}

export interface BatcherOptions {
  /** Calls in flight at once; each holds one connection. */
  lanes: number;
  /**
   * Queued transfers needed to open another call while one is in flight; fewer wait for it to
   * finish and go together. A call has a fixed cost of several transfers' work, so a second call
   * for a few transfers costs more than it saves.
   */
  spill: number;
  /** Transfers per call at most. */
  maxBatch: number;
  shards: number;
  attempts: number;
}

/**
 * Group commit. Transfers that arrive while earlier calls are in flight wait and then go
 * together as one ledger_post_batch call: one round trip and one commit for all of them, each
 * caller still waiting for that commit before it hears its own result. Each transfer succeeds or
 * is refused on its own; a whole-call failure is retried (deadlock, serialization) and otherwise
 * replayed one transfer per call, so an error reaches only the caller it belongs to. Re-sending
 * is safe: the idempotency key makes a transfer that did commit answer as a replay.
 */
export class TransferBatcher {
  private queue: Pending[] = [];
  private inFlight = 0;
  /** A finished call's lane is held for one turn of the event loop (see release). */
  private held = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: BatcherOptions,
  ) {}

  submit(transfer: repo.PostTransfer): Promise<repo.PostOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ transfer, resolve, reject });
      // A free lane sends at once: a lone caller never waits for company.
      this.pump();
    });
  }

  private pump(): void {
    for (;;) {
      const busy = this.inFlight + this.held;
      if (busy >= this.opts.lanes || this.queue.length === 0 || (busy > 0 && this.queue.length < this.opts.spill)) return;
      const batch = this.take();
      this.inFlight++;
      void this.send(batch).finally(() => this.release());
    }
  }

  /**
   * A call finished. Its callers were just answered and send their next transfers within this
   * turn of the event loop; keep the lane until the turn ends so those go together as one call
   * (measured: sent at once, the first of them took the lane alone and batches stayed small).
   */
  private release(): void {
    this.inFlight--;
    this.held++;
    setImmediate(() => {
      this.held--;
      this.pump();
    });
  }

  /** The next batch: queue order, at most maxBatch, a key at most once (a repeat waits for the next call). */
  private take(): Pending[] {
    const batch: Pending[] = [];
    const keys = new Set<string>();
    const rest: Pending[] = [];
    for (const p of this.queue) {
      if (batch.length < this.opts.maxBatch && !keys.has(p.transfer.key)) {
        keys.add(p.transfer.key);
        batch.push(p);
      } else rest.push(p);
    }
    this.queue = rest;
    return batch;
  }

  private async send(batch: Pending[]): Promise<void> {
    try {
      const outs = await this.call(batch.map((p) => p.transfer));
      batch.forEach((p, i) => p.resolve(outs[i]!));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
      // Someone's transfer broke the whole call: find whose by sending each alone.
      await Promise.all(batch.map((p) => this.call([p.transfer]).then((outs) => p.resolve(outs[0]!), p.reject)));
    }
  }

  private async call(transfers: repo.PostTransfer[]): Promise<repo.PostOutcome[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await repo.postBatch(this.db, transfers, this.opts.shards);
      } catch (err) {
        if (!isRetryable(err) || attempt >= this.opts.attempts) throw err;
        await new Promise((r) => setTimeout(r, 5 * 2 ** attempt + Math.random() * 10));
      }
    }
  }
}
