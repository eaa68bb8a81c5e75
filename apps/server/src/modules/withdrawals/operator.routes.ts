import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  approveWithdrawalBody,
  ErrorCode,
  OperatorPrefix,
  operatorWithdrawalQuery,
  rejectWithdrawalBody,
} from '@playhall/contract';
import { tokenMatches } from '../../lib/operator-token.ts';
import { validationError } from '../../plugins/app/errors.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

const orderParams = z.object({ orderNo: z.string().regex(/^WD[0-9A-F]{20}$/, 'is not a withdrawal order number') });

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw validationError(r.error);
  return r.data;
}

const ok = <T>(data: T) => ({ code: ErrorCode.ok, msg: 'OK', data });

/**
 * The operator API for withdrawals (staff only: bearer operator token). Reviewing is two calls
 * apart from paying so a provider outage leaves the request approved and retryable.
 */
export async function registerOperatorWithdrawalRoutes(app: FastifyInstance, s: { withdrawals: WithdrawalsService; token: string | null }): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req: FastifyRequest) => {
      if (!s.token) throw new AppError(ErrorCode.unavailable, 'The operator API is off: set OPERATOR_TOKEN');
      const header = req.headers.authorization ?? '';
      const presented = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!presented || !tokenMatches(presented, s.token)) throw new AppError(ErrorCode.unauthorized, 'A valid operator token is required');
    });

    scope.get('/withdrawals', async (req) => ok(await s.withdrawals.list(parse(operatorWithdrawalQuery, req.query))));
    scope.get('/withdrawals/:orderNo', async (req) => ok(await s.withdrawals.staffGet(parse(orderParams, req.params).orderNo)));
    scope.post('/withdrawals/:orderNo/approve', async (req) => {
      const { orderNo } = parse(orderParams, req.params);
      return ok(await s.withdrawals.approve(orderNo, parse(approveWithdrawalBody, req.body).operator));
    });
    scope.post('/withdrawals/:orderNo/payout', async (req) => {
      const { orderNo } = parse(orderParams, req.params);
      return ok(await s.withdrawals.payout(orderNo, parse(approveWithdrawalBody, req.body).operator));
    });
    scope.post('/withdrawals/:orderNo/reject', async (req) => {
      const { orderNo } = parse(orderParams, req.params);
      const body = parse(rejectWithdrawalBody, req.body);
      return ok(await s.withdrawals.reject(orderNo, body.operator, body.reason));
    });
  }, { prefix: OperatorPrefix });
}
