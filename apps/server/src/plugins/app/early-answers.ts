import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { PassThrough } from 'node:stream';
import { negotiate } from '@fastify/accept-negotiator';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger, FastifyInstance, FastifyServerFactory } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '@playhall/contract';
import { countEarlyAnswers, requestDuration, type EarlyAnswerCounts } from '../../lib/metrics.ts';
import { API_COMPRESSION_THRESHOLD, compressAnswer, COMPRESSION_ENCODINGS, type AnswerEncoding } from '../external/compression.ts';
import { checkResponse, okEnvelope, SerializedAnswer, tokenOf, type AccountLimit, type BeforeRouting, type EndpointRegistry, type Handler, type SessionInfo } from './endpoints.ts';
import { genReqId } from './request-context.ts';
import type { RequestLogger } from './request-log.ts';

/** What the global rate limit answered (`app.createRateLimit()` of @fastify/rate-limit). */
interface RateVerdict {
  isAllowed: boolean;
  isExceeded?: boolean;
  max?: number;
  remaining?: number;
  ttlInSeconds?: number;
}

export interface EarlyAnswerOptions {
  registry: EndpointRegistry;
  /** The security plugin's headers of a player API POST (fixed headers, request id, CORS). */
  writeApiHeaders(res: ServerResponse, requestId: string, origin: string | undefined): void;
  /** The global per-IP limit, the same counters the framework's hook counts in. */
  rateLimit(req: { ip: string; url: string; routeOptions: { config: object } }): Promise<RateVerdict>;
  /** The per-account limit of players' calls, the same counters the framework's calls count in. */
  limitAccount: AccountLimit;
  /** A token's session, as the framework's calls resolve it (the session cache). */
  resolveSession(token: string): Promise<SessionInfo | null>;
  /** This instance's own session revocations still settling, which every answer waits for (decision 036). */
  unsettled(): Promise<unknown> | null;
  logAnswer: RequestLogger;
  log: FastifyBaseLogger;
  /** As the app's: behind a proxy the client is the first address of X-Forwarded-For. */
  trustProxy: boolean;
  validateResponses: boolean;
  bodyLimit: number;
}

interface EarlyCall extends EarlyAnswerCounts {
  endpoint: Endpoint;
  /** Who it is answered for here: visitors (no token, kept text) or players (a token, made per call). */
  mode: BeforeRouting;
  handler: Handler<Endpoint>;
  /** Bodies already read by the schema, by their text (clients send the same few): the schema's output, frozen. */
  parsed: Map<string, object>;
}

/** Bodies kept per call, read by the schema; past this a new text is read every time. */
const PARSED_KEPT = 256;

/** A JSON body, as the framework's parser takes it (`application/json`, any parameters). */
const JSON_TYPE = /^application\/json\s*(?:;|$)/i;
/**
 * Texts the framework's parser may refuse (prototype poisoning: `__proto__` and `constructor` keys,
 * also escaped) or read differently (a byte order mark): left to it, as every body that is not
 * plainly valid.
 */
const LEFT_TO_THE_FRAMEWORK = /__proto__|constructor|\\u|^\uFEFF/;
const trustAll = () => true;

/**
 * Calls answered on arrival, before the framework's request objects, routing and hooks: visitors'
 * calls whose answer is kept text (the configuration answers of `answerMemo`: preLogin and appConfig,
 * decision 067), and players' reads sent with a token (refreshData, getAfterLoginInfoWeb, decision
 * 070). Everything the framework's path does for such a call is done here from the same code: the
 * security headers, request id and CORS (`writeApiHeaders`), the global rate limit (the same
 * counters), for a player the session (the same cache) and the per-account limit (the same counters),
 * the contract's request schema, the handler, the contract check of tests, the wait for this
 * instance's revocations, compression (a kept answer compressed once per encoding, not per request),
 * the request log and metrics.
 *
 * Anything else goes to the framework untouched: other calls, a visitor's call with a token or a
 * player's without, another content type, no Content-Length, a chunked body, `x-no-compression`. A
 * call taken here that cannot be finished here (a body that is not plainly valid, a limit exceeded,
 * a token that is not valid, a handler that failed or, for visitors, answered something else than
 * kept text) goes to the framework too, with its body given back (`install`'s preParsing hook), so
 * every refusal and error is the framework's own answer.
 */
export class EarlyAnswers {
  private readonly calls = new Map<string, EarlyCall>();
  /** Bodies read here, given back to the framework for the calls handed over. */
  private readonly replays = new WeakMap<IncomingMessage, Buffer>();
  /** Each kept answer's bytes per encoding, made once. */
  private readonly encoded = new WeakMap<SerializedAnswer, Partial<Record<AnswerEncoding, Buffer>>>();
  private stopped = false;

  constructor(private readonly opts: EarlyAnswerOptions) {
    for (const { endpoint, handler, beforeRouting } of opts.registry.entries.values()) {
      const route = `/app/v1/${endpoint.path}`;
      if (beforeRouting) this.calls.set(route, { endpoint, handler, mode: beforeRouting, route, answered: 0, handedOver: 0, parsed: new Map() });
    }
    countEarlyAnswers(() => this.calls.values());
  }

  /** The framework's side: a handed-over call's body, read here, is its payload. */
  install(app: FastifyInstance): void {
    app.addHook('preParsing', (req, _reply, payload, done) => {
      const body = this.replays.get(req.raw);
      if (body === undefined) {
        done(null, payload);
        return;
      }
      this.replays.delete(req.raw);
      const stream = new PassThrough();
      stream.end(body);
      done(null, stream);
    });
    // From the start of a shutdown every call goes to the framework, which refuses new ones (503).
    app.addHook('preClose', (done) => {
      this.stopped = true;
      done();
    });
  }

  /** Takes the call when it is one of the calls answered here; false leaves it to `next`, untouched. */
  serve(req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage, res: ServerResponse) => void): boolean {
    if (this.stopped || req.method !== 'POST') return false;
    const call = this.calls.get(req.url ?? '');
    if (call === undefined) return false;
    const h = req.headers;
    // A visitor's call comes without a token, a player's with one; anything else is the framework's.
    if ((h.authorization !== undefined) !== (call.mode === 'players')) return false;
    if (h['transfer-encoding'] !== undefined || h['x-no-compression'] !== undefined) return false;
    const type = h['content-type'];
    if (type === undefined || !JSON_TYPE.test(type)) return false;
    const length = Number(h['content-length']);
    if (!(length > 0 && length <= this.opts.bodyLimit)) return false;
    const started = performance.now();
    const encoding = answerEncoding(h['accept-encoding']);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      this.answer(req, res, next, call, body, encoding, started).catch((err: unknown) => {
        this.opts.log.error({ err }, 'early answer failed');
        if (!res.headersSent) this.handOver(req, res, next, call, body);
      });
    });
    return true;
  }

  private async answer(
    req: IncomingMessage,
    res: ServerResponse,
    next: (req: IncomingMessage, res: ServerResponse) => void,
    call: EarlyCall,
    body: Buffer,
    encoding: AnswerEncoding,
    started: number,
  ): Promise<void> {
    const text = body.toString('utf8');
    const parsed = call.parsed.get(text) ?? (LEFT_TO_THE_FRAMEWORK.test(text) ? undefined : parse(call, text));
    if (parsed === undefined) return this.handOver(req, res, next, call, body);
    const url = call.route;
    const ip = (this.opts.trustProxy ? proxyAddr(req, trustAll) : req.socket.remoteAddress) ?? '';
    const limitedAs = { ip, url, routeOptions: { config: {} } };
    const verdict = await this.opts.rateLimit(limitedAs);
    if (!verdict.isAllowed && verdict.isExceeded) return this.handOver(req, res, next, call, body);
    // A player's call: a valid session under its account's limit, as the framework's handler checks
    // them; a token that is not valid (the framework answers 401) or a limit exceeded goes there.
    let session: SessionInfo | null = null;
    if (call.mode === 'players') {
      const token = tokenOf(req.headers.authorization);
      session = token === null ? null : await this.opts.resolveSession(token);
      if (session === null) return this.handOver(req, res, next, call, body);
      const account = await this.opts.limitAccount(session.userId, limitedAs);
      if (!account.isAllowed && account.isExceeded) return this.handOver(req, res, next, call, body);
    }
    let answer: unknown;
    try {
      answer = await call.handler({ headers: req.headers, session, hadInvalidToken: false, ip, bodyText: null }, parsed as z.output<Endpoint['request']>);
    } catch {
      // The framework runs it again and answers (and logs) the error as for any call.
      return this.handOver(req, res, next, call, body);
    }
    // A visitor's answer must be kept text; a player's is their own, made into the envelope here.
    if (call.mode === 'visitors' && !(answer instanceof SerializedAnswer)) return this.handOver(req, res, next, call, body);
    if (this.opts.validateResponses) checkResponse(call.endpoint, answer instanceof SerializedAnswer ? answer.data : answer);
    // A player's answer waits for this instance's own revocations to settle, as the framework's
    // onSend does (a visitor's carries no session: decision 067).
    const settling = session && this.opts.unsettled();
    if (settling) await settling.catch(() => undefined);
    if (res.destroyed) return;

    const id = genReqId(req);
    this.opts.writeApiHeaders(res, id, req.headers.origin);
    if (!verdict.isAllowed) {
      res.setHeader('x-ratelimit-limit', verdict.max!);
      res.setHeader('x-ratelimit-remaining', verdict.remaining!);
      res.setHeader('x-ratelimit-reset', verdict.ttlInSeconds!);
    }
    res.setHeader('content-type', 'application/json; charset=utf-8');
    const bytes = this.bytes(answer, encoding);
    if (bytes.encoding !== 'identity') {
      res.setHeader('vary', 'Origin, accept-encoding');
      res.setHeader('content-encoding', bytes.encoding);
    }
    res.setHeader('content-length', bytes.body.length);
    res.end(bytes.body);
    call.answered++;
    const elapsedMs = performance.now() - started;
    requestDuration.observe(url, 'POST', 200, elapsedMs / 1000);
    this.opts.logAnswer(this.opts.log, 'POST', url, 200, elapsedMs, id);
  }

  /** The call goes to the framework after all, its body read here given back to it. */
  private handOver(req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage, res: ServerResponse) => void, call: EarlyCall, body: Buffer): void {
    call.handedOver++;
    this.replays.set(req, body);
    next(req, res);
  }

  /**
   * The answer's bytes as the framework would send them (a player's envelope as its serialiser writes
   * it), compressed from API_COMPRESSION_THRESHOLD bytes up: a kept answer's once per encoding.
   */
  private bytes(answer: unknown, wanted: AnswerEncoding): { encoding: AnswerEncoding; body: Buffer } {
    let kept: Partial<Record<AnswerEncoding, Buffer>> = {};
    if (answer instanceof SerializedAnswer) {
      kept = this.encoded.get(answer) ?? kept;
      this.encoded.set(answer, kept);
    }
    const identity = (kept.identity ??= Buffer.from(answer instanceof SerializedAnswer ? answer.text : JSON.stringify(okEnvelope(answer))));
    if (wanted === 'identity' || identity.length < API_COMPRESSION_THRESHOLD) return { encoding: 'identity', body: identity };
    return { encoding: wanted, body: (kept[wanted] ??= compressAnswer(wanted, identity)) };
  }
}

/** The body as the contract's schema reads it (kept by its text), or undefined when the framework should judge it. */
function parse(call: EarlyCall, text: string): object | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = call.endpoint.request.safeParse(json ?? {});
  if (!parsed.success) return undefined;
  const data = Object.freeze(parsed.data as object);
  if (call.parsed.size < PARSED_KEPT) call.parsed.set(text, data);
  return data;
}

/**
 * The encoding @fastify/compress would choose for this Accept-Encoding (its aliases, the same
 * negotiation over the same encodings), identity when none.
 */
function answerEncoding(header: string | undefined): AnswerEncoding {
  if (header === undefined) return 'identity';
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...COMPRESSION_ENCODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : 'identity';
}

/**
 * The app's HTTP server (Fastify's `serverFactory`): each request is offered to the early answers
 * first (`answers()`: none until the app has registered its calls), then to the framework; the
 * server's timeouts are Fastify's, as its own factory sets them.
 */
export function earlyServerFactory(answers: () => EarlyAnswers | undefined): FastifyServerFactory {
  return (handler, options) => {
    // Fastify passes its options with its defaults applied.
    const opts = options as { keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
    const server: Server = createServer((req, res) => {
      const early = answers();
      if (early === undefined || !early.serve(req, res, handler)) handler(req, res);
    });
    server.keepAliveTimeout = opts.keepAliveTimeout;
    server.requestTimeout = opts.requestTimeout;
    server.setTimeout(opts.connectionTimeout);
    return server;
  };
}
