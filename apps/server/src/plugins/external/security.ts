import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
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

export interface Security {
  /** Closes the rate limits' Redis connection when one was opened. */
  close(): Promise<void>;
  /**
   * Writes what the hook writes on a player API POST (its fixed headers, the request id, CORS), for
   * the answers served before routing (plugins/app/early-answers.ts, decision 067).
   */
  writeApiHeaders(res: ServerResponse, requestId: string, origin: string | undefined): void;
}

/** Security headers, the request id, CORS and the global per-IP rate limit. */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<Security> {
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

  const allowed = new Set(config.corsOrigins);
  // Every answer's fixed headers, worked out once per kind of answer and written in one pass by one
  // hook (decision 059): the page headers (not on provider answers), Permissions-Policy (not under
  // /provider/), no-store (NO_STORE), then CORS' own (decision 059 keeps what @fastify/cors sent).
  const kinds = new Map<string, readonly (readonly [string, string])[]>();
  const headersOf = (page: boolean, permissions: boolean, noStore: boolean) => {
    const key = `${+page}${+permissions}${+noStore}`;
    let list = kinds.get(key);
    if (!list) {
      list = [
        ...(page ? pageHeaders : []),
        ...(permissions ? [['permissions-policy', PERMISSIONS_POLICY] as const] : []),
        ...(noStore ? [['cache-control', 'no-store'] as const] : []),
        // CORS (the fetch standard's CORS and caches): the answer depends on Origin, always.
        ['vary', 'Origin'] as const,
      ];
      kinds.set(key, list);
    }
    return list;
  };
  // The player API's answers are JSON read by the app's own scripts, never rendered as a page: the
  // headers OWASP's REST Security Cheat Sheet asks of an API (decision 067) in place of a page's
  // eleven (its CSP, COOP, Origin-Agent-Cluster, Referrer-Policy, Permissions-Policy and the legacy
  // browser switches only mean something to a document): about 600 bytes less on every call a phone makes.
  const apiHeaders: readonly (readonly [string, string])[] = [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['cross-origin-resource-policy', 'same-origin'],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ...pageHeaders.filter(([name]) => name === 'Strict-Transport-Security'),
    ['cache-control', 'no-store'],
    ['vary', 'Origin'],
  ];

  /** Writes a kind's fixed headers, the request id and CORS; true when CORS let the origin in. */
  const writeHeaders = (res: ServerResponse, list: readonly (readonly [string, string])[], requestId: string, origin: string | undefined): boolean => {
    for (let i = 0; i < list.length; i++) res.setHeader(list[i]![0], list[i]![1]);
    res.setHeader('x-request-id', requestId);
    // CORS for our fixed options, as @fastify/cors answered them: a request without Origin (not a
    // browser's cross-origin call) or from a listed origin may read x-request-id; a listed origin is
    // named; another origin gets nothing more, and its preflight is not found (404).
    if (origin !== undefined && !allowed.has(origin)) return false;
    if (origin !== undefined) res.setHeader('access-control-allow-origin', origin);
    res.setHeader('access-control-expose-headers', 'x-request-id');
    return true;
  };

  app.addHook('onRequest', (req, reply, done) => {
    const url = req.url;
    // The player API (every hot call) first, with no test beyond its prefix.
    const list = url.startsWith('/app/v1/')
      ? apiHeaders
      : headersOf(req.routeOptions.config.pageHeaders !== false, !url.startsWith('/provider/'), NO_STORE.test(url));
    const origin = req.headers.origin;
    if (writeHeaders(reply.raw, list, req.id, origin) && req.method === 'OPTIONS') {
      if (origin === undefined || req.headers['access-control-request-method'] === undefined) {
        void reply.status(400).type('text/plain').send('Invalid Preflight Request');
        return;
      }
      const res = reply.raw;
      res.setHeader('access-control-allow-methods', 'GET, POST');
      res.setHeader('access-control-allow-headers', 'content-type, authorization, x-request-id');
      res.setHeader('access-control-max-age', '600');
      void reply.code(204).header('content-length', '0').send();
      return;
    }
    done();
  });
  // Preflights of a listed origin are answered by the hook; any other is not found.
  app.options('*', (_req, reply) => reply.callNotFound());

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
  return {
    close: async () => {
      if (redis) await redis.quit().catch(() => undefined);
    },
    writeApiHeaders: (res, requestId, origin) => void writeHeaders(res, apiHeaders, requestId, origin),
  };
}
