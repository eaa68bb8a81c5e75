import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCode } from '@playhall/contract';
import type { Config } from '../../config.ts';
import { openRedis } from '../../lib/redis.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: answers no browser reads (provider callbacks) go without the page headers. */
    pageHeaders?: false;
  }
}

/**
 * Browser features the app never uses, denied so an injected script or a framed game cannot ask
 * for them; fullscreen, autoplay and the clipboard (the game frame uses them) keep their defaults.
 */
const PERMISSIONS_POLICY = 'accelerometer=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment=(), usb=()';

/**
 * Answers that carry session tokens, balances, login codes or money records: never kept by a
 * browser or a proxy cache (a shared device's back button, a caching proxy).
 */
const NO_STORE = /^\/(app|operator|provider|dev|originals\/api)\//;

/**
 * The headers helmet sends for these options, worked out once. With fixed directives (no function
 * values) helmet's middleware sets the same values on every response, so running it once against a
 * recording response gives every request's headers. @fastify/helmet built the middleware anew on
 * every request, re-parsing the CSP: 8-10 % of a small call's CPU (decision 039).
 */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, value]),
    // X-Powered-By: Fastify never sets it, so there is nothing to take away.
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, () => undefined);
  return headers;
}

/**
 * Security headers, CORS and the global per-IP rate limit. Returns a closer for the Redis
 * connection when one was opened.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<() => Promise<void>> {
  const pageHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd-mobile sets inline styles at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // Served over plain http on a LAN during development; HSTS belongs to the TLS proxy.
    strictTransportSecurity: config.nodeEnv === 'production',
  });

  app.addHook('onRequest', (req, reply, done) => {
    if (req.routeOptions.config.pageHeaders !== false) for (const [name, value] of pageHeaders) reply.raw.setHeader(name, value);
    // Provider answers are read by servers only (see the note in provider-wallet.routes.ts).
    if (!req.url.startsWith('/provider/')) reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (NO_STORE.test(req.url)) reply.header('cache-control', 'no-store');
    done();
  });

  const allowed = new Set(config.corsOrigins);
  await app.register(cors, {
    // Same-origin requests need no CORS headers; other origins only when listed.
    origin: (origin, cb) => cb(null, origin === undefined || allowed.has(origin)),
    methods: ['GET', 'POST'],
    allowedHeaders: ['content-type', 'authorization', 'x-request-id'],
    exposedHeaders: ['x-request-id'],
    maxAge: 600,
  });

  const redis = config.redisUrl ? openRedis(config.redisUrl, app.log, { name: 'rate-limit store', whileDown: 'rate limits are skipped' }) : undefined;
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.globalPerMin,
    timeWindow: 60_000,
    keyGenerator: (req) => req.ip,
    // Provider wallet callbacks are authenticated by their HMAC signature and arrive from a few
    // aggregator addresses (and, for the Originals, in-process through app.inject from 127.0.0.1):
    // a per-IP limit would throttle every player's bets at once. Unsigned calls cost one HMAC.
    allowList: (req) => req.url.startsWith('/provider/v1/'),
    ...(redis ? { redis, nameSpace: 'playhall-rl:' } : {}),
    // A Redis outage must not take the API down with it.
    skipOnError: true,
    errorResponseBuilder: () => Object.assign(new AppError(ErrorCode.rateLimited), { statusCode: 429 }),
  });
  return async () => {
    if (redis) await redis.quit().catch(() => undefined);
  };
}
