import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const VALID_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * This process's requests are numbered after a random prefix (8 hex digits, new at every start), so
 * an id is unique across instances and restarts for any practical log search, at the cost of a
 * counter instead of a random UUID per request (decision 059).
 */
const PREFIX = `${randomBytes(4).toString('hex')}-`;
let served = 0;

/**
 * Honours a sane incoming x-request-id (from a proxy) so logs join up across services; otherwise
 * `<instance prefix>-<counter in base 36>`. The security hook echoes it as x-request-id, so a
 * player's bug report can be matched to the server log.
 */
export function genReqId(req: { headers: FastifyRequest['headers'] }): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && VALID_REQUEST_ID.test(incoming) ? incoming : PREFIX + (++served).toString(36);
}
