import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { createEventRunner, type EventConsumer, type EventRunnerOptions } from './event-runner.ts';

const silent = { warn: () => undefined, error: () => undefined } as never;

/**
 * Runs each consumer's batches until it has caught up, as the runner would (tests drive batches:
 * a test clock does not tick). Throws when a batch fails. A consumer busy elsewhere (the test app's
 * own runner holding its cursor) is waited for and run again, so what it was applying has committed
 * when this resolves (at most 10 s).
 */
export async function drainConsumers(db: Db, clock: Clock, consumers: readonly EventConsumer[]): Promise<void> {
  const runner = createEventRunner({ db, clock, log: silent, consumers });
  for (const c of consumers) {
    const until = Date.now() + 10_000;
    for (;;) {
      const r = await runner.runBatch(c.name);
      if (r.status === 'failed') throw new Error(`consumer ${c.name} failed: ${r.error}`);
      if (r.status === 'busy' && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        continue;
      }
      if (r.status !== 'applied' || !r.more) break;
    }
  }
}

/**
 * Runs the consumers until their cursors pass every event written before the call, events they
 * write themselves included (a valid invite's event, read by the tasks). They read below the
 * visibility horizon (decision 022), which any transaction still open anywhere on the PostgreSQL
 * server holds back (other databases' included), so one pass may stop short: tries again a while.
 */
export async function drainPastNow(db: Db, clock: Clock, consumers: readonly EventConsumer[]): Promise<void> {
  const read = async (q: ReturnType<typeof sql>) => ((await db.execute(q)) as unknown as { rows: { x: string }[] }).rows[0]!.x;
  const upTo = Number(await read(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`));
  const names = `{${consumers.map((c) => c.name).join(',')}}`;
  for (let i = 0; i < 200; i++) {
    await drainConsumers(db, clock, consumers);
    if (Number(await read(sql`select min(last_txid)::text as x from event_consumer where name = any (${names}::text[])`)) >= upTo) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the consumers did not pass the events written in 10 s');
}

/** A runner for a test to drive batch by batch (`runBatch`), with the runner's options (e.g. a read window). */
export function testEventRunner(db: Db, clock: Clock, consumers: readonly EventConsumer[], o: Pick<EventRunnerOptions, 'minTxidWindow'> = {}) {
  return createEventRunner({ db, clock, log: silent, consumers, ...o });
}
