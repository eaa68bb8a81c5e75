import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Honours a sane incoming x-request-id (from a proxy) so logs join up across services. */
export function genReqId(req: { headers: FastifyRequest['headers'] }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Echoes the request id so a player's bug report can be matched to the server log. */
export function installRequestContext(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
}
