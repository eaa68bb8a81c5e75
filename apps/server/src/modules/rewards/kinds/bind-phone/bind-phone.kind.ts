import { z } from 'zod';
import { ActivityType, AppError, AwardId, ErrorCode } from '@playhall/contract';
import * as repo from '../../rewards.repo.ts';
import { bonusAmount, multiplier } from '../amounts.ts';
import type { ActivityKind } from '../kind.ts';

/** Bind phone (4): once per person (the phone is one of the marks), once the account has a phone. */
const settings = z.object({ amount: bonusAmount, multiplier }).strict();
type Settings = z.infer<typeof settings>;

export const bindPhoneKind: ActivityKind<Settings> = {
  type: ActivityType.bind,
  name: 'bind_phone',
  settings,
  oncePerPerson: true,
  detail: (a) => ({ amount: a.settings.amount, multiplier: a.settings.multiplier }),

  async claim(tx, _ctx, a, userId) {
    const person = await repo.personOf(tx, userId);
    if (!person?.mobile) throw new AppError(ErrorCode.rewardNotEligible, 'Bind a phone number to your account first');
    return [{ awardId: AwardId.coin, count: a.settings.amount, multiplier: a.settings.multiplier, key: `bind_phone:${a.id}:${userId}` }];
  },
};
