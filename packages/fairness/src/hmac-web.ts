/**
 * Browser-safe half of the fairness scheme: the same floats as hmac-node.ts, computed with
 * WebCrypto (`crypto.subtle`, asynchronous). Works in every modern browser and in Node ≥ 20,
 * so the verify pages and any outside checker share it.
 */
import type { RoundSeeds } from './fair.ts';
import { assertRoundSeeds, hmacMessage, FLOATS_PER_DIGEST, toHex } from './fair.ts';
import { digestToFloats } from './rng.ts';
import type { VerifiedWeightedDraw, WeightedDrawInput } from './pick.ts';
import { assertWeights, pickWeighted } from './pick.ts';

const encoder = new TextEncoder();

function subtle(): typeof globalThis.crypto.subtle {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto is not available (a secure context is required in browsers)');
  return s;
}

/** SHA-256 of the server seed's 64 ASCII characters, as lowercase hex. */
export async function hashServerSeedWeb(serverSeed: string): Promise<string> {
  return toHex(new Uint8Array(await subtle().digest('SHA-256', encoder.encode(serverSeed))));
}

/** The first `count` floats of a round (digests for all cursors are computed in parallel). */
export async function fairFloatsWeb(seeds: RoundSeeds, count: number): Promise<number[]> {
  assertRoundSeeds(seeds);
  const key = await subtle().importKey('raw', encoder.encode(seeds.serverSeed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const digests = await Promise.all(
    Array.from({ length: Math.ceil(count / FLOATS_PER_DIGEST) }, (_, cursor) =>
      subtle().sign('HMAC', key, encoder.encode(hmacMessage(seeds.clientSeed, seeds.nonce, cursor))),
    ),
  );
  const out: number[] = [];
  for (const d of digests) digestToFloats(new Uint8Array(d), out);
  return out.slice(0, count);
}

/**
 * Recomputes a promotional draw from its revealed seeds (decision 051): the draw's one float
 * (cursor 0, first 4 bytes), the index `pickWeighted` gives over the award table's weights, and
 * whether the seed matches the commitment (when given).
 */
export async function verifyWeightedDraw(input: WeightedDrawInput): Promise<VerifiedWeightedDraw> {
  assertRoundSeeds(input);
  assertWeights(input.weights);
  const [serverSeedHash, [float]] = await Promise.all([hashServerSeedWeb(input.serverSeed), fairFloatsWeb(input, 1)]);
  return {
    serverSeedHash,
    hashMatches: input.serverSeedHash === undefined ? null : input.serverSeedHash.toLowerCase() === serverSeedHash,
    float: float as number,
    index: pickWeighted(float as number, input.weights),
  };
}
