import type { FairScope } from '@playhall/contract';

export type { FairScope };

/** The floats of one promotional draw and what a record needs to let the player verify it (decision 051). */
export interface FairDraw {
  /** The seed pair's row (fair_seed.id): the draw's record keeps it to show the seed once revealed. */
  seedId: number;
  /** The commitment the player saw before this draw. */
  serverSeedHash: string;
  clientSeed: string;
  /** The nonce this draw took (the pair's next draw takes nonce + 1). */
  nonce: number;
  /** HMAC-SHA256 floats of (server seed, `clientSeed:nonce:cursor`), in order; a jackpot draw uses floats[0]. */
  floats: number[];
}
