import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed callbacks from outside systems (payment webhooks, game providers' wallet calls): hex
// HMAC-SHA256 over `${timestamp}.${rawBody}`, the timestamp in Unix seconds. Signing the exact
// bytes received means the body is verified before anything parses it, and signing the timestamp
// with it means a captured request cannot be replayed outside the allowed window.

/** hex HMAC-SHA256 over `timestamp + '.' + rawBody`. */
export function signHmac(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export type SignatureVerdict = 'ok' | 'signature' | 'stale';

/**
 * Checks a signature in constant time, then the timestamp against `now` (± toleranceMs, so a
 * timestamp from the future is refused too). A missing or malformed header is a bad signature.
 */
export function checkHmacSignature(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  rawBody: string,
  now: Date,
  toleranceMs: number,
): SignatureVerdict {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return 'signature';
  const expected = Buffer.from(signHmac(secret, timestamp, rawBody), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'signature';
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > toleranceMs) return 'stale';
  return 'ok';
}
