import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, ErrorCode, OperatorPrefix } from '@playhall/contract';
import { tokenMatches } from '../../lib/operator-token.ts';
import { validationError } from './errors.ts';

/** A query, params or body checked against its contract schema: a 400 with the field otherwise. */
export function parseOperatorInput<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value ?? {});
  if (!r.success) throw validationError(r.error);
  return r.data;
}

/** The operator API's answer envelope. */
export const operatorOk = <T>(data: T) => ({ code: ErrorCode.ok, msg: 'OK', data });

/** The operator API's credentials: the bearer token and the staff identity it authenticates. */
export interface OperatorAuth {
  token: string | null;
  name: string;
}

/**
 * Registers routes under /operator/v1 behind the operator token (bearer, constant-time check).
 * Every module's staff routes go through here, so the check is written once. `routes` receives
 * the authenticated identity (`actor`): the audit log records it, never a name from the request.
 */
export async function registerOperatorRoutes(
  app: FastifyInstance,
  { token, name: actor }: OperatorAuth,
  routes: (scope: FastifyInstance, actor: string) => void,
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (req: FastifyRequest) => {
        if (!token) throw new AppError(ErrorCode.unavailable, 'The operator API is off: set OPERATOR_TOKEN');
        const header = req.headers.authorization ?? '';
        const presented = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
        if (!presented || !tokenMatches(presented, token)) throw new AppError(ErrorCode.unauthorized, 'A valid operator token is required');
      });
      routes(scope, actor);
    },
    { prefix: OperatorPrefix },
  );
}
