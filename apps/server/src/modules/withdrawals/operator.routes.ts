import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { operatorWithdrawalQuery, rejectWithdrawalBody } from '@playhall/contract';
import { operatorOk as ok, parseOperatorInput as parse, registerOperatorRoutes, type OperatorAuth } from '../../plugins/app/operator-api.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

const orderParams = z.object({ orderNo: z.string().regex(/^WD[0-9A-F]{20}$/, 'is not a withdrawal order number') });

/**
 * The operator API for withdrawals (staff only: bearer operator token). Reviewing is two calls
 * apart from paying so a provider outage leaves the request approved and retryable.
 */
export async function registerOperatorWithdrawalRoutes(app: FastifyInstance, s: { withdrawals: WithdrawalsService; operator: OperatorAuth }): Promise<void> {
  await registerOperatorRoutes(app, s.operator, (scope, actor) => {
    scope.get('/withdrawals', async (req) => ok(await s.withdrawals.list(parse(operatorWithdrawalQuery, req.query))));
    scope.get('/withdrawals/:orderNo', async (req) => ok(await s.withdrawals.staffGet(parse(orderParams, req.params).orderNo)));
    scope.post('/withdrawals/:orderNo/approve', async (req) => {
      const { orderNo } = parse(orderParams, req.params);
      return ok(await s.withdrawals.approve(orderNo, actor));
    });
    scope.post('/withdrawals/:orderNo/payout', async (req) => {
      const { orderNo } = parse(orderParams, req.params);
      return ok(await s.withdrawals.payout(orderNo, actor));
    });
    scope.post('/withdrawals/:orderNo/reject', async (req) => {
      const { orderNo } = parse(orderParams, req.params);
      const body = parse(rejectWithdrawalBody, req.body);
      return ok(await s.withdrawals.reject(orderNo, actor, body.reason));
    });
  });
}
