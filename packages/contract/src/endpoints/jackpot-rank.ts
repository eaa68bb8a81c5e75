import { z } from 'zod';
import { PageSize } from '../constants.ts';
import { defineEndpoint } from '../envelope.ts';
import { jackpotRankEntry } from '../jackpot.ts';

/**
 * The jackpot rank (spec §3, decision 050): every real tier win, largest first (earlier first on a
 * tie), paged by 10; and the player's own best win with its place (null when they have none).
 */
export const getJackpotRankEndpoint = defineEndpoint({
  path: 'getJackpotRank',
  summary: 'Lucky jackpot: the rank of tier wins, largest first, paged; and the player\'s best',
  request: {
    pageNum: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(PageSize.rank),
  },
  response: z.object({
    allRank: z.object({ list: z.array(jackpotRankEntry), pageNum: z.number().int(), pageSize: z.number().int(), total: z.number().int(), pages: z.number().int() }),
    personRank: jackpotRankEntry.nullable(),
  }),
});
