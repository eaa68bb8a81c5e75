import { z } from 'zod';
import { defineEndpoint } from '../envelope.ts';
import { customerServiceItem } from '../models.ts';

export const customerServicesEndpoint = defineEndpoint({
  path: 'getCustomerServices',
  summary: 'The customer service queue',
  request: {},
  response: z.object({ appCustomerServiceQueue: z.array(customerServiceItem) }),
});
