import type { Clock } from '../../lib/clock.ts';
import { paymentNotification, type PaymentNotification, type PaymentProvider, type WebhookVerdict } from './payments.types.ts';
import { checkSandboxSignature, SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER, signSandbox } from './sandbox-signature.ts';

export const SANDBOX_WEBHOOK_PATH = '/provider/v1/payments/sandbox/webhook';
export const SANDBOX_PAY_PATH = '/sandbox/pay';

const header = (h: Record<string, string | string[] | undefined>, name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

export interface SandboxProvider extends PaymentProvider {
  /** The body and headers the sandbox "provider" sends for a notification, signed like a real one. */
  signNotification(n: PaymentNotification): { rawBody: string; headers: Record<string, string> };
}

/**
 * The built-in provider: its pay page is served by this server, and it notifies us through the
 * same signed webhook a real provider would use.
 */
export function createSandboxProvider(secret: string, clock: Clock): SandboxProvider {
  return {
    id: 'sandbox',
    async createPayment(req) {
      return { payUrl: `${SANDBOX_PAY_PATH}/${encodeURIComponent(req.orderId)}?token=${encodeURIComponent(req.payToken)}` };
    },
    // The sandbox bank pays at once, except to account numbers ending in 0000, which it refuses
    // (so the failed-payout path can be tried by hand).
    async payout(req) {
      if (req.accountNo.endsWith('0000')) {
        return { status: 'failed', providerRef: null, reason: 'The receiving bank refused the transfer: check the account details' };
      }
      return { status: 'paid', providerRef: `SBX-PO-${req.orderId}` };
    },
    verifyWebhook({ headers, rawBody }): WebhookVerdict {
      const check = checkSandboxSignature(
        secret,
        header(headers, SANDBOX_TIMESTAMP_HEADER),
        header(headers, SANDBOX_SIGNATURE_HEADER),
        rawBody,
        clock.now(),
      );
      if (check !== 'ok') return { ok: false, reason: check };
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const parsed = paymentNotification.safeParse(json);
      return parsed.success ? { ok: true, notification: parsed.data } : { ok: false, reason: 'malformed' };
    },
    signNotification(n) {
      const rawBody = JSON.stringify(n);
      const timestamp = String(Math.floor(clock.now().getTime() / 1000));
      return {
        rawBody,
        headers: {
          'content-type': 'application/json',
          [SANDBOX_TIMESTAMP_HEADER]: timestamp,
          [SANDBOX_SIGNATURE_HEADER]: signSandbox(secret, timestamp, rawBody),
        },
      };
    },
  };
}
