import { z } from 'zod';

/** What a provider tells us about a payment, after its signature was checked. */
export const paymentNotification = z.object({
  /** The provider's id of this notification (for logs; idempotency rides on the order). */
  eventId: z.string().min(1).max(100),
  orderId: z.string().min(1).max(64),
  status: z.enum(['paid', 'declined']),
  /** Hundredths actually paid; must equal the order amount. */
  amount: z.number().int().positive().safe(),
  providerRef: z.string().min(1).max(100),
  occurredAt: z.string().max(40),
});
export type PaymentNotification = z.infer<typeof paymentNotification>;

export interface PaymentRequest {
  orderId: string;
  amount: bigint;
  channelName: string;
  expiresAt: Date;
  /** A one-time secret only the paying player receives (in the pay URL); its hash is on the order. */
  payToken: string;
}

export interface WebhookInput {
  headers: Record<string, string | string[] | undefined>;
  /** The body exactly as received: signatures are over bytes, never over re-serialised JSON. */
  rawBody: string;
}

export type WebhookVerdict =
  | { ok: true; notification: PaymentNotification }
  | { ok: false; reason: 'signature' | 'stale' | 'malformed' };

/** An approved withdrawal to pay out. The provider must treat a repeated orderId as the same payout. */
export interface PayoutRequest {
  orderId: string;
  amount: bigint;
  channelName: string;
  bankName: string | null;
  accountName: string;
  accountNo: string;
}

/** The provider's final answer on a payout; it throws when it cannot answer (the payout may be retried). */
export type PayoutResult =
  | { status: 'paid'; providerRef: string }
  | { status: 'failed'; providerRef: string | null; reason: string };

/**
 * A payment provider. Deposits call createPayment and verifyWebhook; withdrawals call payout.
 * Real providers are other implementations of this interface.
 */
export interface PaymentProvider {
  readonly id: string;
  /** Where the player pays this order. */
  createPayment(req: PaymentRequest): Promise<{ payUrl: string }>;
  /** Checks a webhook's signature and freshness and parses it; never throws on bad input. */
  verifyWebhook(input: WebhookInput): WebhookVerdict;
  /** Sends money to a player's receiving account. */
  payout(req: PayoutRequest): Promise<PayoutResult>;
}
