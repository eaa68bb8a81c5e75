/**
 * Provably fair seeds, isomorphic part (no crypto calls here; see hmac-node.ts and hmac-web.ts).
 * The Originals and every promotional draw (decision 051) use this one scheme.
 *
 * Scheme (the widely used one):
 * - The server seed is 32 random bytes written as 64 lowercase hex characters. Before any round
 *   the player is shown SHA-256(server seed) (of those 64 ASCII characters, as hex): the commitment.
 * - The client seed is the player's: 1-64 printable ASCII characters without spaces. It can be
 *   changed at any time; the change starts a new seed pair.
 * - The nonce counts rounds played with one seed pair: 0 for the first round, then 1, 2, ...
 * - A round's floats: HMAC-SHA256(key = server seed (its 64 ASCII characters),
 *   message = `${clientSeed}:${nonce}:${cursor}`), cursor = 0, 1, 2, ... Each 32-byte digest
 *   gives 8 floats, one per 4 bytes: b0/256 + b1/256^2 + b2/256^3 + b3/256^4. A round takes its
 *   floats in order and moves to the next cursor when a digest is used up.
 * - Rotating the seed pair reveals the old server seed: anyone can then check its hash against
 *   the commitment and recompute every round of that pair.
 */
import { CLIENT_SEED_RULE, FairnessError, NONCE_RULE, SERVER_SEED_RULE } from './errors.ts';

export const SERVER_SEED_BYTES = 32;
export const FLOATS_PER_DIGEST = 8;
export const CLIENT_SEED_MAX_LENGTH = 64;

/** The inputs of one round's floats. */
export interface RoundSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/** A seed pair in use: the server keeps `serverSeed` secret until rotation. */
export interface SeedPair {
  serverSeed: string;
  /** SHA-256 of the server seed, shown to the player before play. */
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce the next round will use. */
  nonce: number;
}

/** What the player sees of the active pair. */
export type PublicSeedPair = Omit<SeedPair, 'serverSeed'>;

/** What rotation reveals about the finished pair. */
export interface RevealedSeedPair {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  /** Rounds played with this pair (nonces 0 .. roundsPlayed − 1). */
  roundsPlayed: number;
}

const SERVER_SEED_RE = /^[0-9a-f]{64}$/;
const CLIENT_SEED_RE = /^[\x21-\x7e]{1,64}$/;

export function isServerSeed(s: unknown): s is string {
  return typeof s === 'string' && SERVER_SEED_RE.test(s);
}

export function isClientSeed(s: unknown): s is string {
  return typeof s === 'string' && CLIENT_SEED_RE.test(s);
}

/** Throws INVALID_SEED unless the seeds and nonce are well formed. */
export function assertRoundSeeds(seeds: RoundSeeds): void {
  if (!isServerSeed(seeds.serverSeed)) throw new FairnessError('INVALID_SEED', SERVER_SEED_RULE);
  if (!isClientSeed(seeds.clientSeed)) throw new FairnessError('INVALID_SEED', CLIENT_SEED_RULE);
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) throw new FairnessError('INVALID_SEED', NONCE_RULE);
}

/**
 * The HMAC message for one digest. Nonce and cursor are plain integers, so reading the message
 * from the right is unambiguous even when the client seed contains ':'.
 */
export function hmacMessage(clientSeed: string, nonce: number, cursor: number): string {
  return `${clientSeed}:${nonce}:${cursor}`;
}

/** Lowercase hex of bytes. */
export function toHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** A fresh random client seed (16 hex characters) for players who did not choose one. */
export function randomClientSeed(): string {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return toHex(bytes);
}

/** The seeds of the next round and the pair with its nonce moved on. */
export function nextRound(pair: SeedPair): { seeds: RoundSeeds; pair: SeedPair } {
  return { seeds: { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: pair.nonce }, pair: { ...pair, nonce: pair.nonce + 1 } };
}

/** The public view of a pair (never send `serverSeed` before rotation). */
export function publicSeedPair(pair: SeedPair): PublicSeedPair {
  return { serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed, nonce: pair.nonce };
}

/** What rotating away from `pair` reveals. */
export function revealSeedPair(pair: SeedPair): RevealedSeedPair {
  return { serverSeed: pair.serverSeed, serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed, roundsPlayed: pair.nonce };
}
