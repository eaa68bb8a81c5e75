import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { operatorName } from '@playhall/contract';
import { operatorOk as ok, parseOperatorInput as parse, registerOperatorRoutes } from '../../plugins/app/operator-api.ts';
import type { AccountLocksService } from './account-locks.service.ts';

const unlockBody = z.object({ player: z.string().trim().min(1).max(64), operator: operatorName });

/** The operator API for players' accounts (staff only: bearer operator token). */
export async function registerOperatorAccountRoutes(app: FastifyInstance, s: { locks: AccountLocksService; token: string | null }): Promise<void> {
  await registerOperatorRoutes(app, s.token, (scope) => {
    scope.post('/players/unlock', async (req) => {
      const body = parse(unlockBody, req.body);
      return ok(await s.locks.unlock(body.player, body.operator));
    });
  });
}
