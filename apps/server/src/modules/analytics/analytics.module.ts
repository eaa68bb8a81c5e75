import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EndpointRegistry } from '../../plugins/app/endpoints.ts';
import type { OperatorAuth } from '../../plugins/app/operator-api.ts';
import { registerAnalyticsRoutes, registerOperatorAnalyticsRoutes } from './analytics.routes.ts';
import { createAnalyticsService } from './analytics.service.ts';

/** Client event tracking (decision 023): the player app's batches in, the operator's daily counts out. */
export async function registerAnalytics(
  app: FastifyInstance,
  registry: EndpointRegistry,
  deps: { db: Db; clock: Clock; operator: OperatorAuth; limits: Config['clientEvents'] },
): Promise<void> {
  const analytics = createAnalyticsService({ db: deps.db, clock: deps.clock, perClientPerDay: deps.limits.perClientPerDay });
  registerAnalyticsRoutes(registry, { analytics, perMin: deps.limits.perMin });
  await registerOperatorAnalyticsRoutes(app, { analytics, operator: deps.operator });
}
