import { z } from 'zod';
import { defineEndpoint, money } from '../envelope.ts';
import { jackpotAwardConfig, jackpotSection, jackpotWinner } from '../jackpot.ts';

/**
 * The lucky jackpot now (spec §3 jackpot data, decision 050): the four pools (ledger balances,
 * hundredths) with their display ranges, the player's chances, and the latest real wins of a
 * tier (never made up). Polled every 6 s (ClientConstants.jackpotRefreshMs) or pushed live.
 * 1002 when no lucky jackpot runs.
 */
export const getJackpotDrawInfoEndpoint = defineEndpoint({
  path: 'getJackpotDrawInfo',
  summary: 'Lucky jackpot: the four pools and their ranges, the player\'s draw chances, the latest real winners, the award table',
  request: {},
  response: z.object({
    activityId: z.number().int(),
    /** The four pools together. */
    total: money,
    megaJackpot: money,
    megaJackpotSection: jackpotSection,
    majorJackpot: money,
    majorJackpotSection: jackpotSection,
    minorJackpot: money,
    minorJackpotSection: jackpotSection,
    miniJackpot: money,
    miniJackpotSection: jackpotSection,
    /** The player has a chance to draw and no deposit is missing (the red dot); `nextDrawAt` says when the minimum interval allows the next draw. */
    canReceiveDrawChance: z.boolean(),
    /** The player must deposit before drawing (the activity's needDeposit rule, not met). */
    needDeposit: z.boolean(),
    /** Chances left to draw. */
    chances: z.number().int(),
    /** The earliest time the next draw is taken (the minimum interval), null when now. */
    nextDrawAt: z.string().nullable(),
    /** How chances are earned, for the page to say. */
    earn: z.object({
      /** One chance per deposit of at least this (hundredths); null: deposits earn none. */
      depositAmount: money.nullable(),
      /** The operator's day's valid bet thresholds (hundredths): one chance each reached. */
      dailyBet: z.array(money),
    }),
    jackpotWinnerList: z.array(jackpotWinner),
    jackpotAwardConfigList: z.array(jackpotAwardConfig),
  }),
});
