import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ProviderClockSkewSeconds,
  ProviderSignatureHeader,
  ProviderTimestampHeader,
  ProviderWalletAction,
  ProviderWalletPrefix,
  providerErrorResponse,
  providerOk,
  providerRequests,
  type ProviderError,
  type ProviderErrorResponse,
} from '@playhall/contract';
import type { Clock } from '../../lib/clock.ts';
import { checkHmacSignature } from '../../lib/hmac-signature.ts';
import { createSignatureFailureLimit } from '../../plugins/app/signature-failures.ts';
import type { PlatformDirectory } from './provider-platforms.ts';
import { ProviderRefusal, type Platform, type ProviderWalletService } from './provider-wallet.service.ts';

const header = (v: string | string[] | undefined) => (typeof v === 'string' ? v : undefined);
const isAction = (a: string): a is ProviderWalletAction => (ProviderWalletAction as readonly string[]).includes(a);

/**
 * `POST /provider/v1/wallet/:platform/:action`: the seamless wallet as providers call it. The
 * body stays the raw string until its signature (per-platform secret, over timestamp and raw body)
 * is checked; signature failures answer HTTP 401, protocol refusals HTTP 200 with status ERROR,
 * so a provider can tell a refusal from a transport failure. Not under the per-IP rate limit:
 * an aggregator sends every player's calls from a few addresses. Only failed signatures (and
 * unknown platforms) count per address: past the limit, that address gets 429 before any work.
 */
export async function registerProviderWalletRoutes(
  app: FastifyInstance,
  s: { wallet: ProviderWalletService; platforms: PlatformDirectory; clock: Clock; validateResponses: boolean; signatureFailuresPerMin: number },
): Promise<void> {
  const fail = (reply: FastifyReply, http: number, error: ProviderError, message: string, balance?: number) => {
    const body: ProviderErrorResponse = { status: 'ERROR', error, message, ...(balance === undefined ? {} : { balance: balance as ProviderErrorResponse['balance'] }) };
    if (s.validateResponses) providerErrorResponse.parse(body);
    return reply.status(http).send(body);
  };
  const failures = createSignatureFailureLimit(app, { name: 'provider-wallet', perMin: s.signatureFailuresPerMin });
  const tooMany = (reply: FastifyReply, seconds: number) =>
    fail(reply.header('retry-after', seconds), 429, 'INVALID_SIGNATURE', `Too many calls with a bad signature from this address: retry in ${seconds} s`);

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    // No browser reads these answers, so the page headers (CSP and the rest) are left out: helmet's
    // were about a tenth of the server's CPU per call when built per request (rounds bench profile).
    scope.post(`${ProviderWalletPrefix}/:platform/:action`, { config: { rateLimit: false, pageHeaders: false } }, async (req, reply) => {
      const blocked = failures.blockedFor(req);
      if (blocked > 0) return tooMany(reply, blocked);
      const { platform: code, action } = req.params as { platform: string; action: string };
      const rawBody = typeof req.body === 'string' ? req.body : '';
      const platform = await s.platforms.resolve(code);
      if (!platform) {
        req.log.warn({ platform: code }, 'provider call for an unknown platform');
        const wait = await failures.failed(req);
        if (wait > 0) return tooMany(reply, wait);
        return fail(reply, 401, 'INVALID_SIGNATURE', 'Unknown platform');
      }
      const verdict = checkHmacSignature(
        platform.secret,
        header(req.headers[ProviderTimestampHeader]),
        header(req.headers[ProviderSignatureHeader]),
        rawBody,
        s.clock.now(),
        ProviderClockSkewSeconds * 1000,
      );
      if (verdict !== 'ok') {
        req.log.warn({ platform: code, action, verdict }, 'provider call refused: signature');
        const wait = await failures.failed(req);
        if (wait > 0) return tooMany(reply, wait);
        return verdict === 'stale'
          ? fail(reply, 401, 'STALE_REQUEST', `The timestamp is more than ${ProviderClockSkewSeconds} s away from our clock`)
          : fail(reply, 401, 'INVALID_SIGNATURE', 'The signature does not match');
      }
      if (!isAction(action)) return fail(reply, 404, 'BAD_REQUEST', `Unknown action: ${action}`);

      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return fail(reply, 200, 'BAD_REQUEST', 'The body is not JSON');
      }
      const parsed = providerRequests[action].safeParse(json);
      if (!parsed.success) {
        const detail = parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ');
        return fail(reply, 200, 'BAD_REQUEST', `The request is not valid: ${detail}`);
      }

      let answer: unknown;
      try {
        // Each action gets the body its schema parsed.
        answer = await (s.wallet[action] as (p: Platform, b: unknown) => Promise<unknown>)({ id: platform.id, code: platform.code }, parsed.data);
      } catch (err) {
        if (err instanceof ProviderRefusal) {
          req.log.info({ platform: code, action, error: err.error }, 'provider call refused');
          return fail(reply, 200, err.error, err.message, err.balance);
        }
        req.log.error({ err, platform: code, action }, 'provider call failed');
        return fail(reply, 500, 'INTERNAL', 'Internal error: retry the call');
      }
      if (s.validateResponses) {
        const check = providerOk[action].safeParse(answer);
        if (!check.success) throw new Error(`Answer of ${action} does not match the protocol: ${JSON.stringify(check.error.issues)}`);
      }
      return reply.status(200).send(answer);
    });
  });
}

