import { z } from 'zod';

/**
 * Every domain event the server writes to the `domain_event` outbox, with the payload its writer
 * puts there (decision 022). Two writers are SQL: `game_wallet_calls` (`game.bet_placed`) and
 * `game_rounds_closed` (`game.round_settled`); the rest go through `insertDomainEvent`, which
 * accepts only events of this catalogue. Amounts are minor units as the ledger keeps them.
 * A payload change that is not additive gets a new version, and consumers read both.
 */
const id = z.number().int().positive();
const amount = z.number().int();

export const eventCatalogue = {
  /** Decision 008: a deposit credited once, in the transaction of its ledger credit. */
  'deposit.credited': {
    version: 1,
    payload: z.object({
      orderId: z.string(),
      userId: id,
      amount,
      typeId: id,
      channel: z.string().nullable(),
      isFirstDeposit: z.boolean(),
      isLate: z.boolean(),
      paidAt: z.iso.datetime(),
    }),
  },
  /** Decision 009: a withdrawal request holds the amount. */
  'withdrawal.requested': {
    version: 1,
    payload: z.object({ orderId: z.string(), userId: id, amount, channel: z.string() }),
  },
  'withdrawal.rejected': {
    version: 1,
    payload: z.object({ orderId: z.string(), userId: id, amount, reason: z.string() }),
  },
  'withdrawal.paid': {
    version: 1,
    payload: z.object({ orderId: z.string(), userId: id, amount, paidAt: z.iso.datetime() }),
  },
  'withdrawal.failed': {
    version: 1,
    payload: z.object({ orderId: z.string(), userId: id, amount, reason: z.string() }),
  },
  /** Decision 011: one per bet applied (`game_wallet_calls`); roundId and transactionId are the provider's. */
  'game.bet_placed': {
    version: 1,
    payload: z.object({
      userId: id,
      platform: z.string(),
      gameId: id,
      typeId: id,
      roundId: z.string(),
      transactionId: z.string(),
      bet: amount,
    }),
  },
  /** Decision 011: once per round with bets, when the provider or the idle sweep ends it (`game_rounds_closed`). */
  'game.round_settled': {
    version: 1,
    payload: z.object({
      userId: id,
      platform: z.string(),
      gameId: id,
      typeId: id,
      roundId: z.string(),
      status: z.enum(['settled', 'rolledBack']),
      bet: amount,
      win: amount,
      endedBy: z.enum(['provider', 'idle']),
    }),
  },
  /** Issue 17 (tasks): a session issued to the player (a login or a registration), in its transaction. */
  'account.logged_in': {
    version: 1,
    payload: z.object({ userId: id }),
  },
  /** Issue 17 (tasks): the account got a phone number (registered with one, or bindAccount), in that transaction. */
  'account.phone_bound': {
    version: 1,
    payload: z.object({ userId: id }),
  },
  /**
   * Decision 065: an invitee reached the valid-invite amounts (deposited and bet since registering
   * with the inviter's code) and shares no phone or device with the inviter; once per invitee,
   * written by the rewards.referrals consumer. `at`: the deposit's or round's time that reached them.
   */
  'referral.invite_valid': {
    version: 1,
    payload: z.object({ inviterId: id, inviteeId: id, at: z.iso.datetime() }),
  },
} as const satisfies Record<string, { version: number; payload: z.ZodType }>;

export type EventName = keyof typeof eventCatalogue;
export type EventPayload<N extends EventName> = z.infer<(typeof eventCatalogue)[N]['payload']>;
export const eventNames = Object.keys(eventCatalogue) as EventName[];

/** An event as a consumer receives it: its place in the outbox and its checked payload. */
export type DomainEvent<N extends EventName = EventName> = {
  [K in N]: { id: number; name: K; version: number; payload: EventPayload<K>; createdAt: Date };
}[N];

/** Checks a stored payload against the catalogue: a row that does not match is a fault, not an event to guess at. */
export function parseEvent(row: { id: number; type: string; payload: unknown; createdAt: Date }): DomainEvent {
  const def = (eventCatalogue as Record<string, { version: number; payload: z.ZodType }>)[row.type];
  if (!def) throw new Error(`domain_event ${row.id}: unknown event ${row.type}`);
  const r = def.payload.safeParse(row.payload);
  if (!r.success) throw new Error(`domain_event ${row.id} (${row.type}): payload does not match the catalogue: ${r.error.message}`);
  return { id: row.id, name: row.type, version: def.version, payload: r.data, createdAt: row.createdAt } as DomainEvent;
}
