import { z } from 'zod';
import { PageSize } from '../constants.ts';
import { fairScope, fairSeedRevealed } from '../fairness.ts';
import { defineEndpoint } from '../envelope.ts';

export const fairSeedHistoryEndpoint = defineEndpoint({
  path: 'fairSeedHistory',
  summary: "The player's revealed seed pairs of a scope, newest first, paged: each server seed with its hash, client seed and draws made.",
  request: {
    scope: fairScope,
    pageNum: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(PageSize.record),
  },
  response: z.object({
    list: z.array(fairSeedRevealed),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});
