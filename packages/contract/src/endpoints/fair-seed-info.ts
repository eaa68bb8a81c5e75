import { fairScope, fairSeedPublic } from '../fairness.ts';
import { defineEndpoint } from '../envelope.ts';

export const fairSeedInfoEndpoint = defineEndpoint({
  path: 'fairSeedInfo',
  summary:
    "The player's active provably fair seed pair for a promotion (scope 'jackpot'): the server seed's SHA-256, the client seed and the nonce the next draw takes. Created on first use.",
  request: { scope: fairScope },
  response: fairSeedPublic,
});
