import { z } from 'zod';
import { text } from '../fields.ts';
import { defineEndpoint } from '../envelope.ts';
import { Languages } from '../constants.ts';
import { gameLists } from './games.ts';
import { runningActivities } from './activities.ts';
import { appConfigFields, customerServiceItem, noticeItem, userInfo } from '../models.ts';

export const preLoginEndpoint = defineEndpoint({
  path: 'preLogin',
  summary: 'Start-up call: config fields, customer service queue, notices, the running activities (a visitor sees the banners and notices too); the user when the token is valid. An invalid token answers 401.',
  request: {
    gameListVersion: z.number().int().optional(),
    os: text(64).optional(),
    deviceModel: text(128).optional(),
    messagingToken: text(512).optional(),
    phoneinfoJsonModel: text(4096).optional(),
    deviceId: text(128).optional(),
    lang: z.enum(Languages).optional(),
  },
  response: appConfigFields.extend({
    appCustomerServiceQueue: z.array(customerServiceItem),
    notices: z.array(noticeItem),
    user: userInfo.nullable(),
    /** The catalogue, only when the client's gameListVersion is missing or differs; null when it is current. */
    gameLists: gameLists.nullable(),
    /** The running activities, as getActivityIds lists them: what a visitor's home shows (getActivityIds needs a session). */
    activityIds: runningActivities,
  }),
});
