import type { FastifyInstance } from 'fastify';
import { unlockPlayerBody } from '@playhall/contract';
import { operatorOk as ok, parseOperatorInput as parse, registerOperatorRoutes, type OperatorAuth } from '../../plugins/app/operator-api.ts';
import type { AccountLocksService } from './account-locks.service.ts';

/** The operator API for players' accounts (staff only: bearer operator token). */
export async function registerOperatorAccountRoutes(app: FastifyInstance, s: { locks: AccountLocksService; operator: OperatorAuth }): Promise<void> {
  await registerOperatorRoutes(app, s.operator, (scope, actor) => {
    scope.post('/players/unlock', async (req) => {
      const body = parse(unlockPlayerBody, req.body);
      return ok(await s.locks.unlock(body.player, actor));
    });
  });
}
