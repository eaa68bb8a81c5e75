/**
 * Browser-safe half of the fairness scheme: the same floats as hmac-node.ts, computed with
 * WebCrypto (`crypto.subtle`, asynchronous). Works in every modern browser and in Node ≥ 20,
 * so the verify page and any outside checker share it.
 */
import type { RoundSeeds } from './fair.ts';
import { assertRoundSeeds, hmacMessage, FLOATS_PER_DIGEST, toHex } from './fair.ts';
import type { GameId } from './games.ts';
import { isGameId, playRound, typicalFloats } from './games.ts';
import { OriginalsError } from './errors.ts';
import { FloatsExhaustedError, digestToFloats } from './rng.ts';
import type { VerifiedRound, VerifyInput } from './verify.ts';

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
 * Recomputes any round from its revealed seeds: checks the commitment (when given) and replays
 * the game on the round's HMAC floats. A round whose length is not known in advance (a slot
 * round with free spins) is replayed with more floats until it completes; the games are pure,
 * so a replay is the same round.
 */
export async function verifyRound<G extends GameId>(game: G, input: VerifyInput<G>): Promise<VerifiedRound<G>> {
  if (!isGameId(game)) throw new OriginalsError('UNKNOWN_GAME', `unknown game ${String(game)}`);
  assertRoundSeeds(input);
  const serverSeedHash = await hashServerSeedWeb(input.serverSeed);
  let count = Math.max(FLOATS_PER_DIGEST, typicalFloats(game, input.params));
  for (;;) {
    const floats = await fairFloatsWeb(input, count);
    try {
      const outcome = playRound(game, floats, input.params);
      return { game, serverSeedHash, hashMatches: input.serverSeedHash === undefined ? null : input.serverSeedHash.toLowerCase() === serverSeedHash, outcome };
    } catch (e) {
      if (!(e instanceof FloatsExhaustedError)) throw e;
      count *= 4;
    }
  }
}
