import { AppError, awardOf, ErrorCode, MaxCallAmount } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import type { GroupCommit } from '../../db/group-commit.ts';
import { sqlState, type Executor } from '../../db/tx.ts';
import { toMoney } from '../../lib/money.ts';
import {
  houseShardOf,
  ledgerGroupCommit,
  postingRefusal,
  preparePosting,
  settlePosting,
  type HouseBook,
  type PlayerBook,
} from '../ledger/ledger.service.ts';
import * as repo from './award.repo.ts';

/** Bonus coin's default wagering (product rules §2: default 1×, at most 10×). */
export const DefaultMultiplier = 1;
const REASON = /^reward_[a-z0-9_]{1,40}$/;

export interface AwardInput {
  userId: number;
  /** An award id of the catalogue (`awardOf`, spec §3). */
  awardId: number;
  /** Hundredths for coin awards; whole units for points, liveness and coupons. */
  count: number;
  /** What it is for, `reward_<what>` (e.g. `reward_sign_in`): the ledger reason and the record's label. */
  reason: string;
  /** One per business operation (e.g. `sign_in:<activity>:<player>:<day>`): the same key pays once. */
  key: string;
  /** Coin awards: turnover added = count × multiplier (0-10, default 1). Ignored for other assets. */
  multiplier?: number;
  /** The activity that grants it, if any (the reward records name it). */
  activityId?: number | null;
  /** Who pays: the award's pool (promotion, or a jackpot tier's pool) unless an agent's commission. */
  fundedBy?: 'commission_payable';
  at: Date;
}

export interface AwardResult {
  grantId: number;
  /** The same key was paid before (now or by a concurrent call): nothing moved this time. */
  replayed: boolean;
  awardId: number;
  count: number;
  turnover: number;
  /** The credited asset's balance right after the grant (null on a replay). */
  balanceAfter: number | null;
}

const batchers = new WeakMap<Db, GroupCommit<repo.AwardItem, repo.AwardOutcome>>();

/**
 * Checks an award and prepares it: the catalogue, the bounds, the house book that pays, and the
 * ledger transfer as the ledger service prepares it (its checks and fingerprint).
 */
function prepare(input: AwardInput): repo.AwardItem {
  const def = awardOf(input.awardId);
  if (!def) throw new AppError(ErrorCode.awardUnknown, `Award ${input.awardId} is not granted by this release`);
  if (!Number.isSafeInteger(input.count) || input.count <= 0 || input.count > MaxCallAmount) {
    throw new RangeError(`award count ${input.count} is not an integer 1-${MaxCallAmount}`);
  }
  if (!REASON.test(input.reason)) throw new RangeError(`award reason "${input.reason}" is not reward_<what>`);
  const multiplier = def.asset === 'coin' ? (input.multiplier ?? DefaultMultiplier) : 0;
  if (!Number.isInteger(multiplier) || multiplier < 0 || multiplier > 10) throw new RangeError(`multiplier ${multiplier} is not an integer 0-10`);
  if (input.fundedBy && def.asset !== 'coin') throw new RangeError('only coin is paid from commission');
  if (!Number.isSafeInteger(input.userId) || input.userId <= 0) throw new RangeError(`player ${input.userId} is not an id`);

  const book = def.asset as PlayerBook;
  const house: HouseBook = input.fundedBy ?? def.pool;
  const transfer = preparePosting({
    idempotencyKey: `reward:${input.key}`,
    reason: input.reason,
    reference: input.activityId ? `activity:${input.activityId}` : `award:${def.id}`,
    at: input.at,
    entries: [
      { account: { player: input.userId, book }, asset: def.asset, amount: input.count },
      { account: { house }, asset: def.asset, amount: -input.count },
    ],
  });
  // Bonus coin's wagering (product rules §2): count × multiplier to play, the count locked meanwhile.
  const turnover = input.count * multiplier;
  return {
    transfer,
    userId: input.userId,
    awardId: def.id,
    count: input.count,
    turnover,
    bonus: turnover > 0 ? input.count : 0,
    activityId: input.activityId ?? null,
    at: input.at,
  };
}

/** Turns reward_award's answer for one award into its result, or throws the ledger's typed refusal. */
function settle(item: repo.AwardItem, out: repo.AwardOutcome): AwardResult {
  const key = item.transfer.key;
  if (out.code === repo.AwardCode.unknownPlayer) throw new RangeError(`award ${key}: player ${item.userId} does not exist`);
  if (out.code === repo.AwardCode.grantMissing) throw new Error(`award ${key}: the ledger replayed a transfer without its grant`);
  // The ledger's answers and refusals, as transfer() gives them (insufficientBalance, idempotencyConflict, unbalancedTransfer).
  settlePosting(item.transfer, {
    code: out.code,
    transferId: out.transferId,
    after: item.transfer.entries.map((e) => (e.u === null ? null : out.balanceAfter)),
  });
  if (out.grantId === null) throw new Error(`award ${key}: reward_award answered no grant`);
  const replayed = out.code === repo.AwardCode.replayed;
  return {
    grantId: Number(out.grantId),
    replayed,
    awardId: out.awardId ?? item.awardId,
    count: out.count === null ? item.count : toMoney(out.count),
    turnover: out.turnover === null ? item.turnover : toMoney(out.turnover),
    balanceAfter: replayed || out.balanceAfter === null ? null : toMoney(out.balanceAfter),
  };
}

/** A CHECK on a balance refused the statement (MaxBalance, decision 017): the ledger's refusal. */
function refusal(err: unknown): unknown {
  return sqlState(err) === '23514' ? postingRefusal(err) : err;
}

/**
 * One award of a list: paid (or replayed), or refused by the ledger, which then moved nothing for it
 * (its key given back, no wagering, no grant row).
 */
export type AwardSettled = { ok: true; result: AwardResult } | { ok: false; error: AppError };

/**
 * The one award function (issue 14, decisions 028, 032 and 056): every reward any activity gives
 * goes through here, and only here touches the ledger for rewards. A list of awards in the caller's
 * transaction, one statement (reward_award) whatever its length: per award one ledger transfer from
 * the award's house book to the player's asset (idempotent on `key`), the turnover a bonus adds
 * (product rules §2) and the grant row the reward records read. The list's house books use the
 * transaction's one shard (`houseShardOf`), its rows are locked in one global order (keys, then
 * players' coin accounts, then the other accounts, each in order; then player_wallet), so two lists
 * paying overlapping players wait for each other and never deadlock.
 *
 * Answers one outcome per input, in order:
 * - `ok`: paid, or `replayed` (the key was paid before, now or by a concurrent call: nothing moved);
 * - not `ok`: the ledger refused that award alone (idempotencyConflict, insufficientBalance,
 *   unbalancedTransfer): it changed nothing, and the others of the list are applied in the caller's
 *   transaction. The caller decides: a claim throws the refusal (`paidOrThrow`: its transaction rolls
 *   back whole), an event consumer likewise unless the refusal means "paid before" (`consumerPaid`).
 * Throws, and then the caller's transaction must not commit (nothing of the list is applied if the
 * statement failed): a bad input (unknown award, bounds, a key twice in the list; checked before
 * anything is sent), a balance past MaxBalance (balanceLimitExceeded: the database refuses the whole
 * statement), an unknown player, or an answer that breaks the function's own rules.
 */
export async function awardAll(tx: Executor, inputs: readonly AwardInput[]): Promise<AwardSettled[]> {
  if (inputs.length === 0) return [];
  const items = inputs.map(prepare);
  const keys = new Set(items.map((it) => it.transfer.key));
  if (keys.size !== items.length) throw new RangeError('awardAll: a key is named twice in one list');
  let outs: repo.AwardOutcome[];
  try {
    outs = await repo.awardBatch(tx, items, houseShardOf(tx));
  } catch (err) {
    throw refusal(err);
  }
  return items.map((item, i): AwardSettled => {
    try {
      return { ok: true, result: settle(item, outs[i]!) };
    } catch (err) {
      if (err instanceof AppError) return { ok: false, error: err };
      throw err;
    }
  });
}

/**
 * One award in the caller's transaction: `awardAll` with a list of one, its refusal thrown (the
 * caller's transaction should not commit). A key paid before answers `replayed` with the earlier
 * grant and moves nothing; ten concurrent calls with one key pay once.
 */
export async function award(tx: Executor, input: AwardInput): Promise<AwardResult> {
  return paidOrThrow(await awardAll(tx, [input]))[0]!;
}

/** The results of a list every award of which was paid or replayed; the first refusal thrown otherwise. */
export function paidOrThrow(settled: readonly AwardSettled[]): AwardResult[] {
  return settled.map((s) => {
    if (!s.ok) throw s.error;
    return s.result;
  });
}

/**
 * An event consumer's rule for its list's refusals (decision 056). A conflict means the key's award
 * was paid before on other terms (e.g. a VIP level reached again after a retention drop, its reward
 * changed meanwhile): the key names what it pays for, so it was paid once and is not paid again; it
 * counts as a replay (null here). Any other refusal throws: the consumer's batch then rolls back whole
 * and is retried with the runner's backoff, its error in the lag report (never a partial batch
 * committed silently). The results in order, null for those conflicts.
 */
export function consumerPaid(settled: readonly AwardSettled[]): (AwardResult | null)[] {
  return settled.map((s) => {
    if (s.ok) return s.result;
    if (s.error.code === ErrorCode.idempotencyConflict) return null;
    throw s.error;
  });
}

/**
 * The same award in its own transaction, for a caller that has nothing else to commit with it.
 * Concurrent calls are group-committed as the ledger's transfer() is (db/group-commit.ts, the
 * ledger's tuning: LEDGER_LANES, LEDGER_SPILL; a key at most once per call): many awards go as one
 * reward_award statement and one commit, each caller answered after that commit, a refused award
 * refusing only its own caller. Same answers and errors as award().
 */
export async function awardCommitted(db: Db, input: AwardInput): Promise<AwardResult> {
  const item = prepare(input);
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = ledgerGroupCommit('award', (it) => it.transfer.key, (items) => repo.awardBatch(db, items, houseShardOf(db)));
    batchers.set(db, batcher);
  }
  try {
    return settle(item, await batcher.submit(item));
  } catch (err) {
    throw refusal(err);
  }
}
