import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A new opaque session token: 32 random bytes, base64url. Only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** A numeric code of `length` digits from a cryptographic source (leading zeros kept). */
export function newNumericCode(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** An 8-character invite code without look-alike characters (0/O, 1/I). */
export function newInviteCode(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)];
  return code;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
}

/** argon2id with the configured cost (lighter in tests so the suite stays fast). */
export function createPasswordHasher(cost: { memoryCost: number; timeCost: number }): PasswordHasher {
  // @node-rs/argon2 defaults to argon2id; its Algorithm is an ambient const enum we cannot import here.
  const options = { memoryCost: cost.memoryCost, timeCost: cost.timeCost, parallelism: 1 };
  return {
    hash: (password) => hash(password, options),
    verify: async (hashed, password) => {
      try {
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
  };
}
