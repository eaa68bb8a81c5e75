import { z } from 'zod';
import { ActivityType, AppError, AwardId, ErrorCode } from '@playhall/contract';
import { bonusAmount, multiplier } from '../amounts.ts';
import type { ActivityKind } from '../kind.ts';

/**
 * Download / install (32): once per person, claimed from the installed app (decision 030). The
 * client says it runs installed (standalone display mode or the native shell); the server cannot
 * prove it, so the once-per-person marks (id, phone, devices) bound what a spoofed claim takes.
 */
const settings = z.object({ amount: bonusAmount, multiplier }).strict();
type Settings = z.infer<typeof settings>;

export const downloadKind: ActivityKind<Settings> = {
  type: ActivityType.download,
  name: 'download',
  settings,
  oncePerPerson: true,
  detail: (a) => ({ amount: a.settings.amount, multiplier: a.settings.multiplier }),

  async claim(_tx, _ctx, a, userId, context) {
    if (!context.installed) throw new AppError(ErrorCode.rewardNotEligible, 'Open the installed app to receive this bonus');
    return [{ awardId: AwardId.coin, count: a.settings.amount, multiplier: a.settings.multiplier, key: `download:${a.id}:${userId}` }];
  },
};
