import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { apiErrorResponse, originalsApi, type ApiErrorResponse, type OriginalsApiCall } from '../api/schemas.ts';
import { ApiError } from './errors.ts';
import type { OriginalsService } from './service.ts';

const bearerOf = (req: FastifyRequest): string | undefined => {
  const h = req.headers.authorization;
  const m = typeof h === 'string' ? /^Bearer\s+(\S{16,200})$/i.exec(h) : null;
  return m?.[1];
};

/**
 * The game API under `/originals/api` (registered inside that prefix): every call POSTs JSON,
 * checked against its schema in api/schemas.ts; refusals answer `{ error, message, balance? }`
 * with a 4xx (5xx when the wallet is away). In tests every answer is checked against its schema too.
 */
export async function registerApiRoutes(scope: FastifyInstance, service: OriginalsService, o: { validateResponses: boolean }): Promise<void> {
  // An empty body is `{}`: the calls without fields may be sent without one.
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError('BAD_REQUEST', 'The request body is not valid JSON.'), undefined);
    }
  });

  scope.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    let body: ApiErrorResponse;
    let status: number;
    if (err instanceof ApiError) {
      status = err.status;
      body = { error: err.code, message: err.message, ...(err.balance === undefined ? {} : { balance: err.balance }) };
    } else if (err.statusCode === 429) {
      status = 429;
      body = { error: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment.' };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode === 413 ? 413 : 400;
      body = { error: 'BAD_REQUEST', message: err.statusCode === 413 ? 'The request is too large.' : 'The request is not valid.' };
    } else {
      req.log.error({ err }, 'originals: request failed');
      status = 500;
      body = { error: 'INTERNAL', message: 'Something went wrong. Please try again.' };
    }
    if (o.validateResponses) apiErrorResponse.parse(body);
    return reply.status(status).send(body);
  });

  scope.setNotFoundHandler((req, reply) => reply.status(404).send({ error: 'NOT_FOUND', message: `Unknown call: ${req.method} ${req.url.split('?')[0]}` }));

  function route<C extends OriginalsApiCall>(call: C, handler: (body: z.output<(typeof originalsApi)[C]['request']>, bearer: string | undefined) => Promise<unknown>) {
    const spec = originalsApi[call];
    scope.post(spec.path, async (req, reply) => {
      const parsed = spec.request.safeParse(req.body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.join('.') || 'body';
        throw new ApiError(field === 'bet' ? 'INVALID_BET' : 'BAD_REQUEST', `${field}: ${issue?.message ?? 'is not valid'}`);
      }
      const answer = await handler(parsed.data as z.output<(typeof originalsApi)[C]['request']>, bearerOf(req));
      if (o.validateResponses) {
        const check = spec.response.safeParse(answer);
        if (!check.success) throw new Error(`originals: answer of ${call} does not match its schema: ${JSON.stringify(check.error.issues).slice(0, 2000)}`);
      }
      return reply.header('cache-control', 'no-store').send(answer);
    });
  }

  route('session', (b, t) => service.session(b.launchToken, t));
  route('balance', (_b, t) => service.balance(t));
  route('demoRefill', (_b, t) => service.demoRefill(t));
  route('clientSeed', (b, t) => service.rotate(t, b.clientSeed));
  route('rotate', (b, t) => service.rotate(t, b.clientSeed));
  route('rounds', (b, t) => service.rounds(t, b.limit));
  route('slotSpin', (b, t) => service.slotSpin(t, b.bet));
  route('diceRoll', (b, t) => service.diceRoll(t, b));
  route('minesStart', (b, t) => service.minesStart(t, b));
  route('minesPick', (b, t) => service.minesPick(t, b.roundId, b.tile));
  route('minesCashout', (b, t) => service.minesCashout(t, b.roundId));
  route('crashStart', (b, t) => service.crashStart(t, b));
  route('crashCashout', (b, t) => service.crashCashout(t, b.roundId));
  route('crashState', (b, t) => service.crashState(t, b.roundId));
}
