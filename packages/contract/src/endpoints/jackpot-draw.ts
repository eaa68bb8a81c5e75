import { z } from 'zod';
import { defineEndpoint, money } from '../envelope.ts';
import { jackpotDrawProof } from '../jackpot.ts';

/**
 * One draw (spec §3 draw result, decision 050): takes one chance, draws one provably fair float,
 * picks the entry of the award table and pays it (type 2: the tier's pool). Errors: 1001 no
 * chance left, 1002 the activity is not running, 1003 a deposit is needed first, 1004 too soon
 * after the last draw.
 */
export const receiveDrawChanceEndpoint = defineEndpoint({
  path: 'receiveDrawChance',
  summary: 'Lucky jackpot: take one draw chance and answer the award drawn (type 2: a jackpot tier, paid from its pool)',
  request: {},
  response: z.object({
    /** The table entry drawn (its grid cell). */
    id: z.number().int(),
    /** 1 an award, 2 a jackpot tier. */
    type: z.number().int(),
    /** The award id, or the tier (50001-50004). */
    propId: z.number().int(),
    /** The award's count: hundredths for coin and a tier (what the pool paid), whole units otherwise. */
    count: z.number().int(),
    /** Coin credited (hundredths); 0 for points and coupons. */
    bonus: money,
    /** The draw's id (its record). */
    drawId: z.number().int(),
    /** Chances left after this draw. */
    chances: z.number().int(),
    proof: jackpotDrawProof,
  }),
});
