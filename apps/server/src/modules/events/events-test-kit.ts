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

/** A runner for a test to drive batch by batch (`runBatch`), with the runner's options (e.g. a read window). */
export function testEventRunner(db: Db, clock: Clock, consumers: readonly EventConsumer[], o: Pick<EventRunnerOptions, 'minTxidWindow'> = {}) {
  return createEventRunner({ db, clock, log: silent, consumers, ...o });
}
