import { z } from 'zod';
import { text } from '../fields.ts';
import { defineEndpoint } from '../envelope.ts';
import { userInfo } from '../models.ts';
import { runningActivities } from './activities.ts';

export const afterLoginInfoEndpoint = defineEndpoint({
  path: 'getAfterLoginInfoWeb',
  summary: 'Everything the app loads once after login',
  request: {
    version: text(32).optional(),
    os: text(64).optional(),
    deviceModel: text(128).optional(),
  },
  response: z.object({
    user: userInfo,
    appGameDataUser: z.object({ gameLikes: z.array(z.number().int()), gameHistory: z.array(z.number().int()) }),
    inviteCode: z.string(),
    aid: z.number().int().nullable(),
    activityIds: runningActivities,
  }),
});
