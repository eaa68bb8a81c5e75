import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, ErrorCode, type Endpoint } from '@playhall/contract';
import { validationError } from './errors.ts';

export interface SessionInfo {
  sessionId: number;
  userId: number;
}

/** The mounter guarantees a session on calls that need one; handlers use this to narrow the type. */
export function must(session: SessionInfo | null): SessionInfo {
  if (!session) throw new AppError(ErrorCode.unauthorized);
  return session;
}

export interface CallContext {
  /** The request's headers. */
  headers: IncomingHttpHeaders;
  /** The valid session, or null (only possible on calls that do not need one). */
  session: SessionInfo | null;
  /** A token was sent but is missing, expired or revoked. */
  hadInvalidToken: boolean;
  ip: string;
  /**
   * The body's JSON text as it came, given only when the call's `fastParse` accepted the body: the
   * text is then exactly the body the handler gets (a store may pass it on instead of serialising
   * the body again). Null otherwise.
   */
  bodyText: string | null;
}

/** A call's answer in the API's envelope: the one shape both the framework's path and the early path send. */
export const okEnvelope = <T>(data: T) => ({ code: ErrorCode.ok, msg: 'OK', data });

/**
 * An answer whose envelope is already JSON text: a configuration answer made again only when one of
 * the values it is made from changed (`answerMemo`, decision 054), sent as is, with no serialising.
 */
export class SerializedAnswer<T = unknown> {
  constructor(
    readonly data: T,
    readonly text: string,
  ) {}
}

/**
 * Answers kept as text per key (a language: a few at most), each made again only when one of the
 * values it is made from is not the same object as last time. Exact when those values are the
 * caches' own objects, never changed in place and replaced on change (the configuration caches of
 * decision 040, the running activities' views).
 */
export function answerMemo<K, T>(): (key: K, from: readonly unknown[], build: () => T) => SerializedAnswer<T> {
  const memo = new Map<K, { from: readonly unknown[]; answer: SerializedAnswer<T> }>();
  return (key, from, build) => {
    const hit = memo.get(key);
    if (hit && hit.from.length === from.length && hit.from.every((v, i) => v === from[i])) return hit.answer;
    const data = build();
    const answer = new SerializedAnswer(data, JSON.stringify(okEnvelope(data)));
    memo.set(key, { from, answer });
    return answer;
  };
}

export type Handler<E extends Endpoint> = (
  ctx: CallContext,
  body: z.output<E['request']>,
) => Promise<z.input<E['response']> | SerializedAnswer<z.input<E['response']>>>;

export type RateLimitTier = 'auth' | 'sms';

interface Registration {
  endpoint: Endpoint;
  handler: Handler<Endpoint>;
  /** A shared tier, or this call's own limit in calls per minute per IP. */
  rateLimit?: RateLimitTier | number;
  /**
   * A faster check of the body for a hot call: answers the schema's output when the body is plainly
   * valid, undefined when the schema must decide (it only ever accepts what the schema accepts).
   */
  fastParse?: (body: unknown) => unknown;
  /**
   * Served before routing (plugins/app/early-answers.ts) when sent as said, else by the framework:
   * - `visitors`: a public call sent without a token, whose answer is kept text (`answerMemo`,
   *   decision 067);
   * - `players`: a call sent with a token, answered for its player per call (decision 070).
   * Its handler must only read: a call the early path cannot finish goes through the framework and
   * runs it again.
   */
  beforeRouting?: BeforeRouting;
}

export type BeforeRouting = 'visitors' | 'players';

/** Modules declare handlers against contract endpoints here; one plugin mounts them all. */
export class EndpointRegistry {
  readonly entries = new Map<string, Registration>();

  handle<E extends Endpoint>(
    endpoint: E,
    handler: Handler<E>,
    opts: { rateLimit?: RateLimitTier | number; fastParse?: (body: unknown) => z.output<E['request']> | undefined; beforeRouting?: BeforeRouting } = {},
  ): void {
    if (this.entries.has(endpoint.path)) throw new Error(`Endpoint ${endpoint.path} is handled twice`);
    if (opts.beforeRouting && (opts.rateLimit !== undefined || (opts.beforeRouting === 'visitors' && endpoint.needsSession))) {
      throw new Error(`Endpoint ${endpoint.path}: only a call under the global and account rate limits can be answered before routing, for visitors only a public one`);
    }
    this.entries.set(endpoint.path, { endpoint, handler: handler as unknown as Handler<Endpoint>, ...opts });
  }
}

export interface MountOptions {
  resolveSession(token: string): Promise<SessionInfo | null>;
  /** In tests every response is checked against the contract and a mismatch fails the call. */
  validateResponses: boolean;
  rateLimits: Record<RateLimitTier, number>;
  /** Calls per minute one account may make, from any number of IPs. */
  accountPerMin: number;
}

/** In tests every answer is checked against the contract: a mismatch fails the call. */
export function checkResponse(endpoint: Endpoint, data: unknown): void {
  const check = endpoint.response.safeParse(data);
  if (!check.success) throw new Error(`Response of ${endpoint.path} does not match the contract: ${JSON.stringify(check.error.issues)}`);
}

/** Route config flag: this call's JSON body text is kept for its handler (`CallContext.bodyText`). */
const KEEP_BODY_TEXT = 'keepBodyText';

/**
 * The app's JSON body parser, Fastify's own (the same prototype-poisoning rules, errors and body
 * limit), which also keeps the text of the bodies of calls with a `fastParse` (issue 15 §3: the
 * client events store the text as it came rather than serialise the checked body again).
 */
function keepBodyTexts(app: FastifyInstance, registry: EndpointRegistry): WeakMap<FastifyRequest, string> {
  const texts = new WeakMap<FastifyRequest, string>();
  if (![...registry.entries.values()].some((r) => r.fastParse)) return texts;
  const json = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, text, done) => {
    if (req.routeOptions.config[KEEP_BODY_TEXT as keyof typeof req.routeOptions.config]) texts.set(req, text as string);
    json(req, text as string, done);
  });
  return texts;
}

/** `Authorization: Bearer <token>`, or the bare token as some clients send it. */
export function readToken(req: FastifyRequest): string | null {
  return tokenOf(req.headers.authorization);
}

/** The token of an Authorization header (readToken's rule), or null. */
export function tokenOf(raw: string | undefined): string | null {
  if (!raw) return null;
  const token = raw.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 256 ? token : null;
}

/**
 * Mounts POST /app/v1/<path> for every registered endpoint: validates the body with the
 * contract schema, enforces the session rule, calls the handler and wraps the envelope.
 * Any other /app/v1/* path answers code 404.
 */
export function mountEndpoints(app: FastifyInstance, registry: EndpointRegistry, opts: MountOptions): AccountLimit {
  // Per-account limit on top of the per-IP ones, in the same store (Redis when configured).
  const userOf = new WeakMap<object, number>();
  const limitAccount = app.createRateLimit({
    max: opts.accountPerMin,
    timeWindow: 60_000,
    keyGenerator: (req) => `user:${userOf.get(req)}`,
  });
  const bodyTexts = keepBodyTexts(app, registry);
  for (const { endpoint, handler, rateLimit, fastParse } of registry.entries.values()) {
    app.post(
      `/app/v1/${endpoint.path}`,
      {
        config: {
          ...(rateLimit ? { rateLimit: { max: typeof rateLimit === 'number' ? rateLimit : opts.rateLimits[rateLimit], timeWindow: 60_000 } } : {}),
          ...(fastParse ? { [KEEP_BODY_TEXT]: true } : {}),
        },
      },
      async (req, reply) => {
        const token = readToken(req);
        const session = token ? await opts.resolveSession(token) : null;
        if (endpoint.needsSession && !session) throw new AppError(ErrorCode.unauthorized);
        if (session) {
          userOf.set(req, session.userId);
          // `isAllowed` only means "on the allow list"; `isExceeded` is the verdict.
          const verdict = await limitAccount(req);
          if (!verdict.isAllowed && verdict.isExceeded) {
            throw new AppError(ErrorCode.rateLimited, 'Too many requests from this account, please wait a moment and try again');
          }
        }
        let body = fastParse?.(req.body);
        let bodyText: string | null = null;
        if (body === undefined) {
          const parsed = endpoint.request.safeParse(req.body ?? {});
          if (!parsed.success) throw validationError(parsed.error);
          body = parsed.data;
        } else bodyText = bodyTexts.get(req) ?? null;
        const answer = await handler({ headers: req.headers, session, hadInvalidToken: Boolean(token) && !session, ip: req.ip, bodyText }, body as z.output<Endpoint['request']>);
        const serialized = answer instanceof SerializedAnswer ? answer : null;
        const data: unknown = serialized ? serialized.data : answer;
        if (opts.validateResponses) checkResponse(endpoint, data);
        if (serialized) {
          // The same bytes Fastify's serialiser makes of the envelope, made once.
          reply.type('application/json; charset=utf-8');
          return serialized.text;
        }
        return okEnvelope(data);
      },
    );
  }
  app.all('/app/v1/*', async (req) => {
    const path = req.url.replace(/^\/app\/v1\//, '').split('?')[0] ?? '';
    throw new AppError(ErrorCode.notFound, `Unknown call: ${path}`);
  });
  // The early path's calls count in the same counters (its request stands in for Fastify's).
  return (userId, req) => {
    userOf.set(req, userId);
    return limitAccount(req as unknown as FastifyRequest);
  };
}

/** What the per-account limit answers for a player's call (`app.createRateLimit()`'s verdict). */
export type AccountLimit = (userId: number, req: { ip: string; url: string; routeOptions: { config: object } }) => Promise<{ isAllowed: boolean; isExceeded?: boolean }>;
