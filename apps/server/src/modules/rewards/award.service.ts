import { AppError, awardOf, ErrorCode, MaxCallAmount } from '@playhall/contract';
import type { Executor } from '../../db/tx.ts';
import { addTurnover, balanceKey, transferIn, type HouseBook, type PlayerBook } from '../ledger/ledger.service.ts';
import * as repo from './rewards.repo.ts';

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

/**
 * The one award function (issue 14, decision 028): every reward any activity gives goes through
 * here, and only here touches the ledger for rewards. In the caller's transaction: one ledger
 * transfer from the award's house book to the player's asset (idempotent on `key`), the turnover a
 * bonus adds (product rules §2), and the grant row the reward records read. A key paid before
 * answers `replayed` and moves nothing; ten concurrent calls with one key pay once (the ledger
 * claims the key first: the others wait, then replay).
 */
export async function award(tx: Executor, input: AwardInput): Promise<AwardResult> {
  const def = awardOf(input.awardId);
  if (!def) throw new AppError(ErrorCode.awardUnknown, `Award ${input.awardId} is not granted by this release`);
  if (!Number.isSafeInteger(input.count) || input.count <= 0 || input.count > MaxCallAmount) {
    throw new RangeError(`award count ${input.count} is not an integer 1-${MaxCallAmount}`);
  }
  if (!REASON.test(input.reason)) throw new RangeError(`award reason "${input.reason}" is not reward_<what>`);
  const multiplier = def.asset === 'coin' ? (input.multiplier ?? DefaultMultiplier) : 0;
  if (!Number.isInteger(multiplier) || multiplier < 0 || multiplier > 10) throw new RangeError(`multiplier ${multiplier} is not an integer 0-10`);
  if (input.fundedBy && def.asset !== 'coin') throw new RangeError('only coin is paid from commission');

  const key = `reward:${input.key}`;
  const book = def.asset as PlayerBook;
  const house: HouseBook = input.fundedBy ?? def.pool;
  const posted = await transferIn(tx, {
    idempotencyKey: key,
    reason: input.reason,
    reference: input.activityId ? `activity:${input.activityId}` : `award:${def.id}`,
    at: input.at,
    entries: [
      { account: { player: input.userId, book }, asset: def.asset, amount: input.count },
      { account: { house }, asset: def.asset, amount: -input.count },
    ],
  });
  if (posted.replayed) {
    const earlier = await repo.grantByKey(tx, key);
    if (!earlier) throw new Error(`award ${key}: the ledger replayed a transfer without its grant`);
    return { grantId: earlier.id, replayed: true, awardId: earlier.awardId, count: earlier.count, turnover: earlier.turnover, balanceAfter: null };
  }
  const turnover = input.count * multiplier;
  if (turnover > 0) await addTurnover(tx, input.userId, input.count, multiplier);
  const grantId = await repo.insertGrant(tx, {
    userId: input.userId,
    activityId: input.activityId ?? null,
    awardId: def.id,
    count: input.count,
    reason: input.reason,
    turnover,
    key,
    transferId: posted.transferId,
    at: input.at,
  });
  return { grantId, replayed: false, awardId: def.id, count: input.count, turnover, balanceAfter: posted.balances[balanceKey(input.userId, book)] ?? null };
}
