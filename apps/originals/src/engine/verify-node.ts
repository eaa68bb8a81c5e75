/**
 * Node-only part of the Originals' fairness (node:crypto, synchronous): real rounds played from
 * their seeds, and the synchronous verifier. Seeds and floats come from @playhall/fairness/node.
 */
import type { RoundSeeds } from '@playhall/fairness';
import { fairFloatSource, hashServerSeed } from '@playhall/fairness/node';
import type { GameId, GameOutcomes, GameParams } from './games.ts';
import { playRound } from './games.ts';
import type { VerifyInput, VerifiedRound } from './verify.ts';

/** Plays a real round from its seeds. */
export function playFairRound<G extends GameId>(game: G, seeds: RoundSeeds, params: GameParams[G]): GameOutcomes[G] {
  return playRound(game, fairFloatSource(seeds), params);
}

/** `verifyRound` (verify.ts), synchronous, for server-side checks and tests. */
export function verifyRoundSync<G extends GameId>(game: G, input: VerifyInput<G>): VerifiedRound<G> {
  const serverSeedHash = hashServerSeed(input.serverSeed);
  return {
    game,
    serverSeedHash,
    hashMatches: input.serverSeedHash === undefined ? null : input.serverSeedHash.toLowerCase() === serverSeedHash,
    outcome: playFairRound(game, input, input.params),
  };
}
