import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError, ErrorCode } from '@playhall/contract';
import { createSignatureFailureLimit } from '../../plugins/app/signature-failures.ts';
import type { DepositsService } from './deposits.service.ts';
import type { PaymentProvider } from '../payments/payments.types.ts';
import type { SandboxProvider } from '../payments/payments.module.ts';
import { SANDBOX_PAY_PATH, SANDBOX_WEBHOOK_PATH } from '../payments/payments.module.ts';
import { PAY_PAGE_CSS, PAY_PAGE_JS, pageLang, renderInvalidLink, renderPayPage } from './sandbox-page.ts';

/** The sandbox "provider" waits this long before it confirms a delayed approval. */
export const SANDBOX_DELAY_MS = 10_000;

const orderParams = z.object({ orderId: z.string().min(1).max(64) });
const pageQuery = z.object({ token: z.string().min(1).max(128) });
const actionBody = z.object({ token: z.string().min(1).max(128), action: z.enum(['approve', 'decline', 'delay']) });

const returnUrl = (orderId: string) => `/wallets?name=deposit&orderId=${encodeURIComponent(orderId)}`;
const amountText = (hundredths: bigint) => (hundredths / 100n).toLocaleString('en-US');

/**
 * Webhook receivers for every provider (raw body, signature checked before anything is parsed;
 * past a few failed signatures a minute, an address gets 429 before any work) and the sandbox
 * provider's own pay page, whose buttons make it send signed webhooks to us.
 */
export async function registerPaymentRoutes(
  app: FastifyInstance,
  s: { deposits: DepositsService; providers: Record<string, PaymentProvider>; sandbox: SandboxProvider | undefined; signatureFailuresPerMin: number },
): Promise<void> {
  const timers = new Set<NodeJS.Timeout>();
  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
  });

  const failures = createSignatureFailureLimit(app, { name: 'payment-webhook', perMin: s.signatureFailuresPerMin });
  const tooMany = (reply: FastifyReply, seconds: number) =>
    reply
      .status(429)
      .header('retry-after', seconds)
      .send({ code: ErrorCode.rateLimited, msg: `Too many notifications with a bad signature from this address: retry in ${seconds} s`, data: null });

  await app.register(async (scope) => {
    // Signatures cover the exact bytes: keep the body as the raw string for this scope only.
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    scope.post(SANDBOX_WEBHOOK_PATH.replace('sandbox', ':provider'), async (req, reply) => {
      const blocked = failures.blockedFor(req);
      if (blocked > 0) return tooMany(reply, blocked);
      const providerId = (req.params as { provider: string }).provider;
      const provider = s.providers[providerId];
      if (!provider) {
        const wait = await failures.failed(req);
        if (wait > 0) return tooMany(reply, wait);
        throw new AppError(ErrorCode.notFound, `Unknown payment provider: ${providerId}`);
      }
      const rawBody = typeof req.body === 'string' ? req.body : '';
      const verdict = provider.verifyWebhook({ headers: req.headers, rawBody });
      if (!verdict.ok) {
        req.log.warn({ providerId, reason: verdict.reason }, 'payment webhook refused');
        // A malformed body was signed: it is the provider's bug, not someone guessing signatures.
        const wait = verdict.reason === 'malformed' ? 0 : await failures.failed(req);
        if (wait > 0) return tooMany(reply, wait);
        const status = verdict.reason === 'malformed' ? 400 : 401;
        const msg = verdict.reason === 'stale' ? 'The notification timestamp is outside the allowed window' : undefined;
        return reply.status(status).send({ code: verdict.reason === 'malformed' ? 400 : ErrorCode.webhookSignatureInvalid, msg: msg ?? (verdict.reason === 'malformed' ? 'The notification body is not valid' : 'The payment notification signature is not valid'), data: null });
      }
      const outcome = await s.deposits.applyNotification(provider.id, verdict.notification);
      return { code: ErrorCode.ok, msg: 'OK', data: { outcome } };
    });
  });

  // Without the sandbox (production) there is no pay page at all: its routes answer 404.
  if (!s.sandbox) return;
  const sandbox = s.sandbox;

  /** The sandbox provider delivers a notification the way a real one would: a signed HTTP POST. */
  async function notify(orderId: string, amount: bigint, status: 'paid' | 'declined'): Promise<void> {
    const { rawBody, headers } = sandbox.signNotification({
      eventId: randomUUID(),
      orderId,
      status,
      amount: Number(amount),
      providerRef: `SBX-${orderId}`,
      occurredAt: new Date().toISOString(),
    });
    const res = await app.inject({ method: 'POST', url: SANDBOX_WEBHOOK_PATH, headers, payload: rawBody });
    if (res.statusCode !== 200 || (res.json() as { code: number }).code !== 200) {
      app.log.error({ orderId, status: res.statusCode, body: res.body }, 'sandbox webhook was not accepted');
    }
  }

  const noLimit = { config: { rateLimit: false } } as const;
  app.get('/sandbox/assets/pay.css', noLimit, async (_req, reply) => reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(PAY_PAGE_CSS));
  app.get('/sandbox/assets/pay.js', noLimit, async (_req, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(PAY_PAGE_JS));

  app.get(`${SANDBOX_PAY_PATH}/:orderId`, async (req, reply) => {
    const lang = pageLang(req.headers.cookie);
    const params = orderParams.safeParse(req.params);
    const query = pageQuery.safeParse(req.query);
    const found = params.success && query.success ? await s.deposits.findPayableOrder(params.data.orderId, query.data.token) : null;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!found || !params.success || !query.success) return reply.status(404).send(renderInvalidLink(lang));
    return renderPayPage(lang, {
      orderId: found.view.orderId,
      token: query.data.token,
      amountText: amountText(found.amount),
      channelName: found.channelName,
      status: found.view.status,
      expiresAt: new Date(found.view.expiresAt),
      returnUrl: returnUrl(found.view.orderId),
    });
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post(`${SANDBOX_PAY_PATH}/:orderId`, async (req, reply) => {
      const lang = pageLang(req.headers.cookie);
      const params = orderParams.safeParse(req.params);
      const body = actionBody.safeParse(req.body);
      const found = params.success && body.success ? await s.deposits.findPayableOrder(params.data.orderId, body.data.token) : null;
      if (!found || !body.success) return reply.status(404).type('text/html; charset=utf-8').send(renderInvalidLink(lang));
      const { orderId } = found.view;
      const canPay = found.view.status === 'pending' || found.view.status === 'expired';
      if (canPay && body.data.action === 'delay') {
        const timer = setTimeout(() => {
          timers.delete(timer);
          notify(orderId, found.amount, 'paid').catch((err) => app.log.error({ err, orderId }, 'delayed sandbox webhook failed'));
        }, SANDBOX_DELAY_MS);
        timers.add(timer);
      } else if (canPay) {
        await notify(orderId, found.amount, body.data.action === 'approve' ? 'paid' : 'declined');
      }
      return reply.redirect(returnUrl(orderId), 303);
    });
  });
}
