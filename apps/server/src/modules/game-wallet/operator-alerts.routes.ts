import type { FastifyInstance } from 'fastify';
import { operatorAlertQuery } from '@playhall/contract';
import { operatorOk as ok, parseOperatorInput as parse, registerOperatorRoutes, type OperatorAuth } from '../../plugins/app/operator-api.ts';
import type { OperatorAlertsService } from './operator-alerts.service.ts';

/** GET /operator/v1/alerts[?kind&page&pageSize]: what the wallet flagged for staff, the most recent first. */
export async function registerOperatorAlertRoutes(app: FastifyInstance, s: { alerts: OperatorAlertsService; operator: OperatorAuth }): Promise<void> {
  await registerOperatorRoutes(app, s.operator, (scope) => {
    scope.get('/alerts', async (req) => ok(await s.alerts.list(parse(operatorAlertQuery, req.query))));
  });
}
