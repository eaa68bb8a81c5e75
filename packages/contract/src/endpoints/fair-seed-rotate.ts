import { z } from 'zod';
import { fairClientSeed, fairScope, fairSeedPublic, fairSeedRevealed } from '../fairness.ts';
import { defineEndpoint } from '../envelope.ts';

export const fairSeedRotateEndpoint = defineEndpoint({
  path: 'fairSeedRotate',
  summary:
    "Ends the player's active seed pair of a scope, revealing its server seed (check its SHA-256 against the hash shown before), and starts a new pair at nonce 0 with the given client seed (1-64 printable characters, no spaces; omitted: the current one). A bad client seed changes nothing.",
  request: { scope: fairScope, clientSeed: fairClientSeed.optional() },
  response: z.object({ revealed: fairSeedRevealed, current: fairSeedPublic }),
});
