import { AppError, ErrorCode, type DepositLimits } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { withTx, type Executor } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { coins, toMoney } from '../../lib/money.ts';
import type { SessionInfo } from '../../plugins/app/endpoints.ts';
import { effectiveLimit, LIMIT_LABEL, LIMIT_PERIODS, LIMIT_WINDOWS, nextLimit, type LimitPeriod } from './deposit-rules.ts';
import * as repo from './deposit-limits.repo.ts';
import { sumCountedSince } from './deposit-orders.repo.ts';

async function readLimits(x: Executor, userId: number, now: Date, lock = false) {
  const rows = await repo.listLimits(x, userId, lock);
  return Object.fromEntries(LIMIT_PERIODS.map((p) => [p, effectiveLimit(rows.find((r) => r.period === p), now)])) as Record<
    LimitPeriod,
    ReturnType<typeof effectiveLimit>
  >;
}

async function view(x: Executor, userId: number, now: Date): Promise<DepositLimits> {
  const limits = await readLimits(x, userId, now);
  const out = {} as DepositLimits;
  for (const p of LIMIT_PERIODS) {
    const { amount, pending } = limits[p];
    const used = await sumCountedSince(x, userId, new Date(now.getTime() - LIMIT_WINDOWS[p]), now);
    out[p] = {
      amount: amount === null ? null : toMoney(amount),
      pending: pending ? { amount: pending.amount === null ? null : toMoney(pending.amount), effectiveAt: pending.at.toISOString() } : null,
      used: toMoney(used),
      remaining: amount === null ? null : toMoney(amount > used ? amount - used : 0n),
    };
  }
  return out;
}

/** Responsible-gaming deposit limits (product rules §6). */
export function createDepositLimitsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** getDepositLimits: each period's limit in force, a waiting raise, and the rolling use. */
    async get(session: SessionInfo): Promise<DepositLimits> {
      return view(db, session.userId, clock.now());
    },

    /** setDepositLimits: lowering applies now; raising or removing waits 24 h. Omitted periods stay. */
    async set(session: SessionInfo, input: Partial<Record<LimitPeriod, number | null>>): Promise<DepositLimits> {
      const now = clock.now();
      return withTx(db, async (tx) => {
        const current = await readLimits(tx, session.userId, now, true);
        for (const p of LIMIT_PERIODS) {
          const requested = input[p];
          if (requested === undefined) continue;
          if (requested !== null && requested % 100 !== 0) {
            throw new AppError(ErrorCode.badRequest, `${p}: use whole coins`, { fields: { [p]: 'Use whole coins' } });
          }
          const next = nextLimit(current[p], requested === null ? null : BigInt(requested), now);
          if (next.amount === null && next.pendingAt === null) await repo.deleteLimit(tx, session.userId, p);
          else await repo.upsertLimit(tx, session.userId, p, next, now);
        }
        return view(tx, session.userId, now);
      });
    },

    /**
     * Refuses an order that would take any period over its limit, counting credited deposits and
     * open orders in the rolling window. Locks the player's limit rows, so two orders at once
     * cannot both use the last room.
     */
    async assertRoomFor(tx: Executor, userId: number, amount: bigint, now: Date): Promise<void> {
      const limits = await readLimits(tx, userId, now, true);
      for (const p of LIMIT_PERIODS) {
        const limit = limits[p].amount;
        if (limit === null) continue;
        const used = await sumCountedSince(tx, userId, new Date(now.getTime() - LIMIT_WINDOWS[p]), now);
        if (used + amount > limit) {
          const left = limit > used ? limit - used : 0n;
          throw new AppError(
            ErrorCode.depositLimitExceeded,
            `This deposit would exceed your ${LIMIT_LABEL[p]} deposit limit of ${coins(limit)}: you can deposit up to ${coins(left)} more now`,
            { period: p, limit: toMoney(limit), remaining: toMoney(left) },
          );
        }
      }
    },
  };
}

export type DepositLimitsService = ReturnType<typeof createDepositLimitsService>;
