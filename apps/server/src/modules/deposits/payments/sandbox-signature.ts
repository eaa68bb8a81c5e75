import { createHmac, timingSafeEqual } from 'node:crypto';

export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A notification older or newer than this is refused, so a captured one cannot be replayed later. */
export const SANDBOX_TOLERANCE_MS = 5 * 60_000;

/** hex HMAC-SHA256 over `timestamp + '.' + rawBody` (timestamp in Unix seconds). */
export function signSandbox(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** Constant-time check of the signature and the ±5 min window. */
export function checkSandboxSignature(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  rawBody: string,
  now: Date,
): 'ok' | 'signature' | 'stale' {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return 'signature';
  const expected = Buffer.from(signSandbox(secret, timestamp, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'signature';
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > SANDBOX_TOLERANCE_MS) return 'stale';
  return 'ok';
}
