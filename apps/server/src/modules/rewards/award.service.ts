import { AppError, awardOf, ErrorCode, MaxCallAmount } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import type { GroupCommit } from '../../db/group-commit.ts';
import { sqlState, type Executor } from '../../db/tx.ts';
import { toMoney } from '../../lib/money.ts';
import {
  HOUSE_SHARDS,
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

/** Turns reward_award's answer for one award into its result, or the ledger's typed refusal. */
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
 * The one award function (issue 14, decisions 028 and 032): every reward any activity gives goes
 * through here, and only here touches the ledger for rewards. In the caller's transaction, one
 * statement (reward_award): one ledger transfer from the award's house book to the player's asset
 * (idempotent on `key`), the turnover a bonus adds (product rules §2), and the grant row the reward
 * records read. A key paid before answers `replayed` with the earlier grant and moves nothing; ten
 * concurrent calls with one key pay once (the ledger claims the key first: the others wait, then
 * replay). A refusal throws the ledger's error (insufficientBalance, idempotencyConflict,
 * balanceLimitExceeded, unbalancedTransfer) and the caller's transaction should not commit.
 */
export async function award(tx: Executor, input: AwardInput): Promise<AwardResult> {
  const item = prepare(input);
  try {
    const [out] = await repo.awardBatch(tx, [item], randomShard());
    return settle(item, out!);
  } catch (err) {
    throw refusal(err);
  }
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
    batcher = ledgerGroupCommit('award', (it) => it.transfer.key, (items) => repo.awardBatch(db, items, randomShard()));
    batchers.set(db, batcher);
  }
  try {
    return settle(item, await batcher.submit(item));
  } catch (err) {
    throw refusal(err);
  }
}

/** The house book shard of one call, picked as the ledger picks it. */
const randomShard = () => Math.floor(Math.random() * HOUSE_SHARDS);
