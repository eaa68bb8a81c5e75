import { z } from 'zod';
import { ActivityType, AwardId } from '@playhall/contract';
import { defineConsumer } from '../../../events/domain-events.service.ts';
import { awardAll, consumerPaid, type AwardInput } from '../../award.service.ts';
import { eligibleGrants, isRunning } from '../../eligibility.ts';
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
        /**
         * Collects the batch's bonuses (the activities of this type that ran when each deposit was
         * paid, eligible players only) and pays them in one award list (decision 056).
         */
        async handle(tx, events) {
          const activities = (await repo.enabledActivities(tx, type)).flatMap((row) => {
            const parsed = settings.safeParse(row.settings);
            return parsed.success ? [{ ...row, settings: parsed.data }] : [];
          });
          if (!activities.length) return;
          const wanted: { activity: Activity<Settings>; userId: number; at: Date; key: string; bonus: number }[] = [];
          const keys = new Set<string>();
          for (const e of events) {
            if (!e.payload.isFirstDeposit) continue;
            const paidAt = new Date(e.payload.paidAt);
            // The activities of this type that ran when the deposit was paid.
            for (const a of activities) {
              const bonus = bonusFor(a.settings, e.payload.amount);
              const key = `${name}:${a.id}:${e.payload.orderId}`;
              // An order's event seen twice in a batch pays once (as a replay would).
              if (bonus < 1 || !isRunning(a, paidAt) || keys.has(key)) continue;
              keys.add(key);
              wanted.push({ activity: a, userId: e.payload.userId, at: paidAt, key, bonus });
            }
          }
          if (!wanted.length) return;
          // Not eligible (a disabled account): no bonus, and the others are paid.
          const eligible = await eligibleGrants(tx, wanted);
          const now = ctx.clock.now();
          const inputs = wanted
            .filter((_, i) => eligible[i])
            .map(
              (w): AwardInput => ({
                userId: w.userId,
                awardId: AwardId.coin,
                count: w.bonus,
                reason: `reward_${name}`,
                key: w.key,
                multiplier: w.activity.settings.multiplier,
                activityId: w.activity.id,
                at: now,
              }),
            );
          consumerPaid(await awardAll(tx, inputs));
        },
      }),
    ],
  };
}

export const firstChargeKind = firstDepositKind(ActivityType.firstCharge);
export const firstDepositKindOf44 = firstDepositKind(ActivityType.firstDeposit);
