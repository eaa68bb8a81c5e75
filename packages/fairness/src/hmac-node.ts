/**
 * Node-only half of the fairness scheme (node:crypto, synchronous): what servers use to make
 * seeds and draw real floats. The browser verify pages use hmac-web.ts, which computes the same
 * floats with WebCrypto; a test proves the two agree.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { RevealedSeedPair, RoundSeeds, SeedPair } from './fair.ts';
import { SERVER_SEED_BYTES, assertRoundSeeds, hmacMessage, isClientSeed, randomClientSeed, revealSeedPair } from './fair.ts';
import { CLIENT_SEED_RULE, FairnessError } from './errors.ts';
import type { FloatSource } from './rng.ts';
import { digestToFloats } from './rng.ts';
import type { VerifiedWeightedDraw, WeightedDrawInput } from './pick.ts';
import { pickWeighted } from './pick.ts';

/** A new server seed: 32 bytes from the OS CSPRNG, as 64 lowercase hex characters. */
export function newServerSeed(): string {
  return randomBytes(SERVER_SEED_BYTES).toString('hex');
}

/** SHA-256 of the server seed's 64 ASCII characters, as lowercase hex: the commitment. */
export function hashServerSeed(serverSeed: string): string {
  return createHash('sha256').update(serverSeed, 'utf8').digest('hex');
}

/** One HMAC-SHA256 digest of the scheme. */
export function fairDigest(seeds: RoundSeeds, cursor: number): Uint8Array {
  return createHmac('sha256', seeds.serverSeed).update(hmacMessage(seeds.clientSeed, seeds.nonce, cursor), 'utf8').digest();
}

/** The first `count` floats of a round. */
export function fairFloats(seeds: RoundSeeds, count: number): number[] {
  assertRoundSeeds(seeds);
  const out: number[] = [];
  for (let cursor = 0; out.length < count; cursor++) digestToFloats(fairDigest(seeds, cursor), out);
  return out.slice(0, count);
}

/** A lazy float source for one round: computes the next digest only when the last is used up. */
export function fairFloatSource(seeds: RoundSeeds): FloatSource {
  assertRoundSeeds(seeds);
  const buffer: number[] = [];
  let cursor = 0;
  let i = 0;
  return () => {
    if (i === buffer.length) {
      buffer.length = 0;
      i = 0;
      digestToFloats(fairDigest(seeds, cursor++), buffer);
    }
    return buffer[i++] as number;
  };
}

/** A new seed pair (nonce 0) with the player's client seed, or a random one. */
export function newSeedPair(clientSeed?: string): SeedPair {
  if (clientSeed !== undefined && !isClientSeed(clientSeed)) throw new FairnessError('INVALID_SEED', CLIENT_SEED_RULE);
  const serverSeed = newServerSeed();
  return { serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: clientSeed ?? randomClientSeed(), nonce: 0 };
}

/**
 * Rotation: reveals the current pair and starts a new one (new server seed, nonce 0), keeping
 * the client seed unless the player gives a new one.
 */
export function rotateSeedPair(current: SeedPair, clientSeed?: string): { revealed: RevealedSeedPair; next: SeedPair } {
  return { revealed: revealSeedPair(current), next: newSeedPair(clientSeed ?? current.clientSeed) };
}

/** `verifyWeightedDraw` (hmac-web.ts), synchronous, for server-side checks and tests. */
export function verifyWeightedDrawSync(input: WeightedDrawInput): VerifiedWeightedDraw {
  const serverSeedHash = hashServerSeed(input.serverSeed);
  const [float] = fairFloats(input, 1) as [number];
  return {
    serverSeedHash,
    hashMatches: input.serverSeedHash === undefined ? null : input.serverSeedHash.toLowerCase() === serverSeedHash,
    float,
    index: pickWeighted(float, input.weights),
  };
}
