import { z } from 'zod';
import { recordDayOrInstant } from '../fields.ts';
import { PageSize } from '../constants.ts';
import { defineEndpoint, money } from '../envelope.ts';

/**
 * The record kinds a player understands. The server maps every ledger reason to one of them
 * (unknown reasons to `other`), so new reasons never break an older client.
 */
export const coinRecordKind = z.enum(['deposit', 'withdraw', 'safebox', 'bonus', 'game', 'other']);
export type CoinRecordKind = z.infer<typeof coinRecordKind>;

/** The player's books that hold coin. */
export const coinRecordBook = z.enum(['coin', 'safebox', 'withdraw_hold']);
export type CoinRecordBook = z.infer<typeof coinRecordBook>;

const dateOrInstant = recordDayOrInstant();

export const coinRecord = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  kind: coinRecordKind,
  /** The ledger reason, e.g. `deposit`, `safebox_in`: the client translates it, falling back to the kind. */
  reason: z.string(),
  book: coinRecordBook,
  /** Signed: positive came in, negative went out. */
  amount: money,
  balanceAfter: money,
  reference: z.string().nullable(),
});
export type CoinRecord = z.infer<typeof coinRecord>;

export const appUserCoinDetailEndpoint = defineEndpoint({
  path: 'appUserCoinDetail',
  summary:
    'The player\'s own coin records (every ledger entry of their coin, safebox and withdrawal hold books), newest first, paged, filtered by kind and an inclusive date range.',
  request: {
    /** 1-based. */
    pageNum: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(PageSize.record),
    kind: coinRecordKind.optional(),
    /** Inclusive. A day means from its start. */
    from: dateOrInstant.optional(),
    /** Inclusive. A day means up to its end. */
    to: dateOrInstant.optional(),
  },
  response: z.object({
    list: z.array(coinRecord),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});
