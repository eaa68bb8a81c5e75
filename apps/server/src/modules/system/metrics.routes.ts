import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '@playhall/contract';
import type { Database } from '../../db/client.ts';
import { isLoopbackHost } from '../../config.ts';
import { dbPoolConnections, eventConsumerBehind, eventConsumerOldestAge, metricsRegistry, requestDuration, requestErrors } from '../../lib/metrics.ts';
import type { EventRunner } from '../events/events.module.ts';

/**
 * Every answer is timed by its route pattern (`/app/v1/refreshData`, never the raw URL: the label
 * set stays bounded), method and status; an error envelope also counts under its code. About
 * 0.1 µs a request (decision 042).
 */
export function installRequestMetrics(app: FastifyInstance): void {
  const errorCode = new WeakMap<FastifyRequest, number>();
  app.addHook('onError', (req, _reply, err: unknown, done) => {
    errorCode.set(req, err instanceof AppError ? err.code : ((err as { statusCode?: number }).statusCode ?? ErrorCode.internal));
    done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    requestDuration.observe(route, req.method, reply.statusCode, reply.elapsedTime / 1000);
    const code = errorCode.get(req);
    if (code !== undefined) requestErrors.labels(route, String(code)).inc();
    done();
  });
}

/** A bearer token compared in constant time. */
function hasToken(req: FastifyRequest, token: string): boolean {
  const sent = Buffer.from(req.headers.authorization?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return sent.length === expected.length && timingSafeEqual(sent, expected);
}

/**
 * Without METRICS_TOKEN only a direct connection from this machine may read /metrics: the socket's
 * own address (not a forwarded one) on loopback, and no proxy header, since a reverse proxy on the
 * same machine connects from loopback on behalf of anyone.
 */
function isDirectLoopback(req: FastifyRequest): boolean {
  const h = req.headers;
  const from = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return isLoopbackHost(from) && h['x-forwarded-for'] === undefined && h.forwarded === undefined && h['x-real-ip'] === undefined;
}

/** What /metrics reads at scrape time from this app: its database pool and its consumers' lag. */
async function readAppGauges(app: FastifyInstance, database: Database, events: EventRunner): Promise<void> {
  const pool = database.poolStats();
  if (pool) for (const [state, n] of Object.entries(pool)) dbPoolConnections.labels(state).set(n);
  try {
    for (const c of await events.lag()) {
      eventConsumerBehind.labels(c.name).set(c.behind);
      eventConsumerOldestAge.labels(c.name).set(c.oldestAgeMs / 1000);
    }
  } catch (err) {
    // The rest of the scrape still answers; the lag gauges keep their last values.
    app.log.warn({ err }, 'metrics: could not read the event consumers\' lag');
  }
}

/**
 * GET /metrics in Prometheus' text format (prom-client), with the request hook. Protected by
 * METRICS_TOKEN (a bearer token) when set, else answered to direct loopback connections only.
 */
export function registerMetrics(app: FastifyInstance, deps: { database: Database; events: EventRunner; token: string | null }): void {
  installRequestMetrics(app);
  app.get('/metrics', { config: { rateLimit: false } }, async (req, reply) => {
    if (deps.token !== null ? !hasToken(req, deps.token) : !isDirectLoopback(req)) {
      throw new AppError(
        deps.token !== null ? ErrorCode.unauthorized : ErrorCode.forbidden,
        deps.token !== null ? 'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>' : 'Metrics are served to this machine only unless METRICS_TOKEN is set',
      );
    }
    await readAppGauges(app, deps.database, deps.events);
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}
