import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { operatorOk, registerOperatorRoutes, type OperatorAuth } from '../../plugins/app/operator-api.ts';
import { createEventRunner, type EventConsumer, type EventRunner } from './event-runner.ts';

export type { EventRunner };

/**
 * The event runner in the app's life: consumers start once the app is ready and stop when it
 * closes (a batch in flight finishes first), unless `start` is false (EVENT_CONSUMERS=off: another
 * instance runs them). GET /operator/v1/events/consumers reports each consumer's lag. Decision 022.
 */
export async function registerEvents(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; operator: OperatorAuth; consumers: readonly EventConsumer[]; start?: boolean },
): Promise<EventRunner> {
  const runner = createEventRunner({ db: deps.db, clock: deps.clock, log: app.log, consumers: deps.consumers });
  await registerOperatorRoutes(app, deps.operator, (scope) => {
    scope.get('/events/consumers', async () => operatorOk({ consumers: await runner.lag() }));
  });
  // A clock that moves only when told (tests) would hold retries until it moves: tests drive batches.
  app.addHook('onReady', async () => {
    if (deps.clock.ticks && deps.start !== false) runner.start();
  });
  app.addHook('onClose', async () => runner.stop());
  return runner;
}
