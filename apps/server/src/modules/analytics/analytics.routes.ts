import type { FastifyInstance } from 'fastify';
import { appEventLogClientEndpoint, operatorEventDailyQuery } from '@playhall/contract';
import type { EndpointRegistry } from '../../plugins/app/endpoints.ts';
import { operatorOk as ok, parseOperatorInput as parse, registerOperatorRoutes, type OperatorAuth } from '../../plugins/app/operator-api.ts';
import type { AnalyticsService } from './analytics.service.ts';
import { parseEventLogFast } from './event-list-parse.ts';

/** anonymous/appEventLogClient, limited to `perMin` batches a minute per address. */
export function registerAnalyticsRoutes(registry: EndpointRegistry, s: { analytics: AnalyticsService; perMin: number }): void {
  registry.handle(appEventLogClientEndpoint, async (ctx, b) => s.analytics.record({ userId: ctx.session?.userId ?? null, ip: ctx.ip }, b.eventList, ctx.bodyText), {
    rateLimit: s.perMin,
    fastParse: parseEventLogFast,
  });
}

/** GET /operator/v1/events/daily?from&to[&name]: events per day and name. */
export async function registerOperatorAnalyticsRoutes(app: FastifyInstance, s: { analytics: AnalyticsService; operator: OperatorAuth }): Promise<void> {
  await registerOperatorRoutes(app, s.operator, (scope) => {
    scope.get('/events/daily', async (req) => ok(await s.analytics.daily(parse(operatorEventDailyQuery, req.query))));
  });
}
