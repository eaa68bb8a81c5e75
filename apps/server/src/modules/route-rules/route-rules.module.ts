import type { FastifyInstance } from 'fastify';
import { routeRuleBody, routeRulePathQuery } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import { operatorOk as ok, parseOperatorInput as parse, registerOperatorRoutes, type OperatorAuth } from '../../plugins/app/operator-api.ts';
import { createRouteRulesService, type RouteRulesService } from './route-rules.service.ts';

/** Requests a rule never answers: the API, the operator API, provider and build files (the contract's list). */
const NOT_A_PAGE = /^\/(app|operator|provider|dev|sandbox|originals|icons|assets|builds)(\/|$)/;

/**
 * Route rules (spec §2, issue 15 §5): `GET/POST /operator/v1/route-rules`,
 * `POST /operator/v1/route-rules/remove` (staff, audited), and the hook that answers a page
 * request (GET or HEAD) for a ruled path with its redirect before the app's index.html is served.
 */
export async function registerRouteRules(app: FastifyInstance, deps: { db: Db; clock: Clock; operator: OperatorAuth }): Promise<RouteRulesService> {
  const rules = createRouteRulesService(deps);

  // A callback hook: every other request (the API's POSTs above all) passes with no promise made.
  app.addHook('onRequest', (req, reply, done) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_A_PAGE.test(req.url)) return done();
    rules.redirectFor(req.url).then((redirect) => {
      if (!redirect) return done();
      // Not cached by the browser unless the operator made it permanent: a rule can be removed.
      if (redirect.status === 302) reply.header('cache-control', 'no-store');
      void reply.redirect(redirect.location, redirect.status);
    }, done);
  });

  await registerOperatorRoutes(app, deps.operator, (scope, actor) => {
    scope.get('/route-rules', async () => ok(await rules.list()));
    scope.post('/route-rules', async (req) => ok(await rules.set(parse(routeRuleBody, req.body), actor)));
    scope.post('/route-rules/remove', async (req) => ok(await rules.remove(parse(routeRulePathQuery, req.body).path, actor)));
  });
  return rules;
}
