import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { AppError, ErrorCode, ErrorMessage } from '@playhall/contract';

/** Turns a zod error into code 400 naming the first bad field, with every field in data. */
export function validationError(error: ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || 'body';
    if (fields[field]) continue;
    fields[field] = /received undefined/.test(issue.message) ? 'is required' : issue.message;
  }
  const [first, message] = Object.entries(fields)[0] ?? ['body', 'is not valid'];
  return new AppError(ErrorCode.badRequest, `${first}: ${message}`, { fields });
}

/** HTTP status for an envelope code: codes below 600 mirror HTTP, product codes ride on 200. */
export function httpStatusFor(code: number): number {
  return code < 600 && code >= 400 ? code : 200;
}

/**
 * Errors the router raises before any route or hook runs (an address that is not even a URL,
 * such as `/%`): answered in the envelope like every other refusal.
 */
export function answerFrameworkError(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_BAD_URL' || err.statusCode === 400) {
    void reply.status(400).send({ code: 400, msg: 'The address is not a valid URL', data: null });
    return;
  }
  void reply.status(500).send({ code: ErrorCode.internal, msg: ErrorMessage[500], data: null });
}

/**
 * The one place errors become envelopes. Known errors keep their code and message; anything
 * else is logged with the request id and answered with a generic 500, never internals.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      // Only a fault of ours (5xx) is an error with its stack; a refusal (wrong password, name
      // taken, insufficient balance: 4xx and the product codes) is the service working as meant.
      if (httpStatusFor(err.code) >= 500) req.log.error({ err }, 'server error');
      else req.log.info({ code: err.code }, 'request refused');
      return reply.status(httpStatusFor(err.code)).send({ code: err.code, msg: err.message, data: err.details ?? null });
    }
    const status = (err as FastifyError).statusCode;
    const fastifyCode = (err as FastifyError).code;
    if (status === 413) return reply.status(413).send({ code: 413, msg: 'The request body is larger than 64 KiB', data: null });
    if (status === 429) return reply.status(429).send({ code: 429, msg: ErrorMessage[429], data: null });
    if (status === 415) {
      return reply.status(400).send({ code: 400, msg: 'Send the request body as application/json', data: null });
    }
    if (status === 400 && typeof fastifyCode === 'string' && fastifyCode.startsWith('FST_ERR_CTP')) {
      return reply.status(400).send({ code: 400, msg: 'The request body is not valid JSON', data: null });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: ErrorCode.internal, msg: ErrorMessage[500], data: null });
  });
}
