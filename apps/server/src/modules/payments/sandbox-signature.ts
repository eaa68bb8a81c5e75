import { checkHmacSignature, signHmac } from '../../lib/hmac-signature.ts';

export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
/** A notification older or newer than this is refused, so a captured one cannot be replayed later. */
export const SANDBOX_TOLERANCE_MS = 5 * 60_000;

/** hex HMAC-SHA256 over `timestamp + '.' + rawBody` (timestamp in Unix seconds). */
export function signSandbox(secret: string, timestamp: string, rawBody: string): string {
  return signHmac(secret, timestamp, rawBody);
}

/** Constant-time check of the signature and the ±5 min window. */
export function checkSandboxSignature(
  secret: string,
  timestamp: string | undefined,
  signature: string | undefined,
  rawBody: string,
  now: Date,
): 'ok' | 'signature' | 'stale' {
  return checkHmacSignature(secret, timestamp, signature, rawBody, now, SANDBOX_TOLERANCE_MS);
}
