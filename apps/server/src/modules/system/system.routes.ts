import type { FastifyInstance } from 'fastify';
import { buildOpenApi } from '@playhall/contract';
import type { Database } from '../../db/client.ts';

/** Operational routes: liveness, readiness (the database answers), and the API description. */
export function registerSystemRoutes(app: FastifyInstance, database: Database): void {
  const noLimit = { config: { rateLimit: false } } as const;
  app.get('/healthz', noLimit, async () => ({ status: 'ok' }));
  app.get('/readyz', noLimit, async (_req, reply) => {
    const ok = await database.ping();
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ready' : 'database unavailable' });
  });
  let openapi: Record<string, unknown> | undefined;
  app.get('/app/openapi.json', async () => (openapi ??= buildOpenApi()));
}
