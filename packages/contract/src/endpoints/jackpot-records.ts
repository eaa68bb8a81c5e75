import { z } from 'zod';
import { PageSize } from '../constants.ts';
import { defineEndpoint } from '../envelope.ts';
import { jackpotRecord } from '../jackpot.ts';

/** The player's draws (spec §3 record entry, decision 050), newest first, paged by 20, each with what verifying it needs. */
export const getPersonJackpotDrawAwardLogEndpoint = defineEndpoint({
  path: 'getPersonJackpotDrawAwardLog',
  summary: 'Lucky jackpot: the player\'s draws, newest first, paged, each with its proof',
  request: {
    pageNum: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(PageSize.record),
  },
  response: z.object({ list: z.array(jackpotRecord), pageNum: z.number().int(), pageSize: z.number().int(), total: z.number().int(), pages: z.number().int() }),
});
