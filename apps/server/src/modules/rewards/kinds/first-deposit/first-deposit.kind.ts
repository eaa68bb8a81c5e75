import { z } from 'zod';
import { ActivityType, AppError, AwardId } from '@playhall/contract';
import { defineConsumer } from '../../../events/domain-events.service.ts';
import { award } from '../../award.service.ts';
import { assertEligible } from '../../eligibility.ts';
import * as repo from '../../rewards.repo.ts';
import { bonusAmount, multiplier } from '../amounts.ts';
import type { Activity, ActivityKind } from '../kind.ts';

/**
 * First deposit (39 FirstCharge, 44 FirstDeposit): tiers of first-deposit amount → bonus coin with
 * wagering, paid when the player's first deposit is credited (from the `deposit.credited` event,
 * once per order however often the event or the webhook comes), shown before the first deposit.
 * A tier applies from its `minDeposit` up to the next tier's.
 */
const tier = z.object({ minDeposit: bonusAmount, bonus: bonusAmount }).strict();
const settings = z
  .object({
    tiers: z
      .array(tier)
      .min(1)
      .max(10)
      .refine((ts) => ts.every((t, i) => i === 0 || t.minDeposit > ts[i - 1]!.minDeposit), 'tiers go up: each minDeposit above the one before'),
    multiplier,
  })
  .strict();
type Settings = z.infer<typeof settings>;

/** The bonus a first deposit of `amount` earns: the highest tier it reaches, or none. */
export function bonusFor(s: Settings, amount: number): number {
  let bonus = 0;
  for (const t of s.tiers) if (amount >= t.minDeposit) bonus = t.bonus;
  return bonus;
}

function firstDepositKind(type: typeof ActivityType.firstCharge | typeof ActivityType.firstDeposit): ActivityKind<Settings> {
  const name = `first_deposit_${type}`;
  return {
    type,
    name,
    settings,
    detail: (a) => ({ tiers: a.settings.tiers, multiplier: a.settings.multiplier }),

    consumers: (ctx) => [
      defineConsumer({
        name: `rewards.${name}`,
        events: ['deposit.credited'],
        async handle(tx, events) {
          for (const e of events) {
            if (!e.payload.isFirstDeposit) continue;
            const paidAt = new Date(e.payload.paidAt);
            // The activities of this type that ran when the deposit was paid.
            const running = (await repo.runningActivities(tx, paidAt)).filter((r) => r.type === type);
            for (const row of running) {
              const parsed = settings.safeParse(row.settings);
              if (!parsed.success) continue;
              const a: Activity<Settings> = { ...row, settings: parsed.data };
              const bonus = bonusFor(a.settings, e.payload.amount);
              if (bonus < 1) continue;
              try {
                await tx.transaction(async (sp) => {
                  await assertEligible(sp, a, e.payload.userId, paidAt);
                  await award(sp, {
                    userId: e.payload.userId,
                    awardId: AwardId.coin,
                    count: bonus,
                    reason: `reward_${name}`,
                    key: `${name}:${a.id}:${e.payload.orderId}`,
                    multiplier: a.settings.multiplier,
                    activityId: a.id,
                    at: ctx.clock.now(),
                  });
                });
              } catch (err) {
                // Not eligible (a disabled account): no bonus, and the next event goes on.
                if (!(err instanceof AppError)) throw err;
              }
            }
          }
        },
      }),
    ],
  };
}

export const firstChargeKind = firstDepositKind(ActivityType.firstCharge);
export const firstDepositKindOf44 = firstDepositKind(ActivityType.firstDeposit);
