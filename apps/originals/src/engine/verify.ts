/**
 * Round verification of the Originals. `verifyRound` (async, WebCrypto: browser and Node) and
 * `verifyRoundSync` (verify-node.ts) both recompute a round from its revealed seeds with the
 * shared scheme of @playhall/fairness and return a `VerifiedRound`.
 */
import type { RoundSeeds } from '@playhall/fairness';
import { FLOATS_PER_DIGEST, FloatsExhaustedError, assertRoundSeeds, fairFloatsWeb, hashServerSeedWeb } from '@playhall/fairness';
import { OriginalsError } from './errors.ts';
import type { GameId, GameOutcomes, GameParams } from './games.ts';
import { isGameId, playRound, typicalFloats } from './games.ts';

export interface VerifyInput<G extends GameId = GameId> extends RoundSeeds {
  /** The round's parameters as played (bet, targets, picks...). */
  params: GameParams[G];
  /** The commitment shown before play; when given, the result says whether the seed matches it. */
  serverSeedHash?: string;
}

export interface VerifiedRound<G extends GameId = GameId> {
  game: G;
  /** SHA-256 of the revealed server seed. */
  serverSeedHash: string;
  /** Whether it equals the commitment given in the input (null when none was given). */
  hashMatches: boolean | null;
  /** The recomputed outcome. */
  outcome: GameOutcomes[G];
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
