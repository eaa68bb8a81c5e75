import { z } from 'zod';
import { defineEndpoint, money } from '../envelope.ts';

export const refreshDataEndpoint = defineEndpoint({
  path: 'refreshData',
  summary: 'Balances and level. Public: without a valid token it answers errcode 401 and no balances.',
  request: {},
  response: z.object({
    errcode: z.number().int(),
    coin: money.optional(),
    safebox: money.optional(),
    bet: money.optional(),
    exchange: money.optional(),
    totalRecharge: money.optional(),
    lottery: z.number().int().optional(),
    vip: z.number().int().optional(),
    vipExp: z.number().int().optional(),
    userLevel: z.number().int().optional(),
    hasPassword: z.boolean().optional(),
  }),
});
