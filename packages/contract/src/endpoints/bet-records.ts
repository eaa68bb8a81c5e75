import { z } from 'zod';
import { int4Id, recordDay } from '../fields.ts';
import { PageSize } from '../constants.ts';
import { defineEndpoint, money } from '../envelope.ts';

/** Players can look back this many days (product rules §3). */
export const BetRecordDays = 90;

const day = recordDay();

export const betRound = z.object({
  /** The provider's round id with its platform, unique across providers. */
  roundId: z.string(),
  gameId: z.number().int().nullable(),
  gameName: z.string(),
  typeId: z.number().int().nullable(),
  platformName: z.string(),
  bet: money,
  win: money,
  /** win − bet. */
  net: money,
  status: z.enum(['open', 'settled', 'rolledBack']),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type BetRound = z.infer<typeof betRound>;

export const betRecordEndpoint = defineEndpoint({
  path: 'betRecord',
  summary: `The player's game rounds (game, bet, win, time), newest first, paged; optional date range (at most ${BetRecordDays} days back) and game type.`,
  request: {
    pageNum: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(PageSize.record),
    from: day.optional(),
    to: day.optional(),
    typeId: int4Id().optional(),
  },
  response: z.object({
    list: z.array(betRound),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});

export const betReportRow = z.object({
  date: z.string(),
  typeId: z.number().int().nullable(),
  typeName: z.string(),
  rounds: z.number().int(),
  bet: money,
  win: money,
  net: money,
});
export type BetReportRow = z.infer<typeof betReportRow>;

export const betRecordReportEndpoint = defineEndpoint({
  path: 'betRecordReport',
  summary: `Per day and game type: rounds, bet, win and net, newest day first, with totals. At most ${BetRecordDays} days back.`,
  request: { from: day.optional(), to: day.optional() },
  response: z.object({
    rows: z.array(betReportRow),
    totals: z.object({ rounds: z.number().int(), bet: money, win: money, net: money }),
    from: z.string(),
    to: z.string(),
  }),
});

export const providerBalance = z.object({
  platformId: z.number().int(),
  name: z.string(),
  walletMode: z.enum(['seamless', 'transfer']),
  /** Coins held at a transfer-wallet provider; null for seamless providers (they hold nothing). */
  balance: money.nullable(),
  /** The player's game sessions still open at this provider. */
  openSessions: z.number().int(),
});

export const gameBalanceListEndpoint = defineEndpoint({
  path: 'gameBalanceList',
  summary: 'Per provider: wallet mode, the balance held there (transfer wallets) and the player\'s open game sessions.',
  request: {},
  response: z.object({ list: z.array(providerBalance) }),
});

export const retrieveBalanceEndpoint = defineEndpoint({
  path: 'retrieveBalance',
  summary:
    'Brings coins back from a provider. Seamless providers hold nothing: the call closes the player\'s open sessions there. Leave platformId out for all providers.',
  request: { platformId: int4Id().optional() },
  response: z.object({ retrieved: money, closedSessions: z.number().int(), list: z.array(providerBalance) }),
});
