import { z } from 'zod';
import { defineEndpoint } from '../envelope.ts';
import { Languages } from '../constants.ts';
import { appConfig } from '../models.ts';

export const appConfigEndpoint = defineEndpoint({
  path: 'anonymous/appConfig',
  summary: 'The whole app configuration, FAQ and notices in the asked language',
  request: { v: z.number().int().optional(), lang: z.enum(Languages).optional() },
  response: appConfig,
});
