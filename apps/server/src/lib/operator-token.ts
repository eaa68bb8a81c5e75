import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where a development server keeps the operator token it made, for the CLI on the same machine. */
export const operatorTokenFile = (dataDir: string) => join(dataDir, 'operator-token');

/**
 * The token of the operator API outside production when OPERATOR_TOKEN is unset: read from
 * DATA_DIR/operator-token, or made (32 random bytes) and written there readable by the owner only.
 */
export function ensureDevOperatorToken(dataDir: string): string {
  const file = operatorTokenFile(dataDir);
  if (existsSync(file)) {
    const token = readFileSync(file, 'utf8').trim();
    if (token.length >= 32) return token;
  }
  mkdirSync(dataDir, { recursive: true });
  const token = randomBytes(32).toString('base64url');
  writeFileSync(file, `${token}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return token;
}

/** Constant-time comparison of a presented bearer token with the configured one (hashes: equal lengths). */
export function tokenMatches(presented: string, expected: string): boolean {
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
