/**
 * Round verification, shared shape. `verifyRound` (hmac-web.ts, async, browser and Node) and
 * `verifyRoundSync` (hmac-node.ts) both recompute a round from its revealed seeds and return this.
 */
import type { RoundSeeds } from './fair.ts';
import type { GameId, GameOutcomes, GameParams } from './games.ts';

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
