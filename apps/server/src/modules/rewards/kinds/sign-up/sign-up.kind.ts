import { z } from 'zod';
import { ActivityType, AppError, AwardId, ErrorCode } from '@playhall/contract';
import { DAY } from '../../../../lib/clock.ts';
import { oncePerPersonOpen } from '../../eligibility.ts';
import * as repo from '../../rewards.repo.ts';
import { bonusAmount, multiplier } from '../amounts.ts';
import type { Activity, ActivityKind } from '../kind.ts';

/** Sign-up bonus (15): once per person, for a player who registered at most `days` ago. */
const settings = z.object({ amount: bonusAmount, multiplier, days: z.number().int().min(1).max(90).default(7) }).strict();
type Settings = z.infer<typeof settings>;

const within = (a: Activity<Settings>, registeredAt: Date, now: Date) => now.getTime() - registeredAt.getTime() <= a.settings.days * DAY;

export const signUpKind: ActivityKind<Settings, repo.PersonFacts> = {
  type: ActivityType.signUpBonus,
  name: 'sign_up',
  settings,
  oncePerPerson: true,
  detail: (a) => ({ amount: a.settings.amount, multiplier: a.settings.multiplier, days: a.settings.days }),

  async claim(tx, ctx, a, userId) {
    const person = await repo.personOf(tx, userId);
    if (!person || !within(a, person.registeredAt, ctx.clock.now())) {
      throw new AppError(ErrorCode.rewardNotEligible, `The sign-up bonus is for players in their first ${a.settings.days} days`);
    }
    return [{ awardId: AwardId.coin, count: a.settings.amount, multiplier: a.settings.multiplier, key: `sign_up:${a.id}:${userId}` }];
  },

  dotFacts: (_ctx, a, userId) => repo.personFactsExpr(a.type, userId),
  redDots: (person, _ctx, a, now) => ({ signupBonus: !!person && within(a, new Date(person.registeredAt), now) && oncePerPersonOpen(person) }),
};
