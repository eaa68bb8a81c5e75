import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { EndpointRegistry } from '../../plugins/app/endpoints.ts';
import type { OperatorAuth } from '../../plugins/app/operator-api.ts';
import type { LivePublisher } from '../live/live.types.ts';
import { registerOperatorActivityRoutes, registerRewardRoutes } from './rewards.routes.ts';
import { createRewardsService, type RewardsService } from './rewards.service.ts';
import type { ValidInvite } from './referrals.ts';

/** The rewards engine (decision 028): activities, their kinds' calls, red dots, reward records. */
export async function registerRewards(
  app: FastifyInstance,
  registry: EndpointRegistry,
  deps: { db: Db; clock: Clock; operator: OperatorAuth; timeZone: string; validInvite: ValidInvite; changes: ChangeFeed; live?: LivePublisher },
): Promise<RewardsService> {
  const rewards = createRewardsService({ db: deps.db, clock: deps.clock, timeZone: deps.timeZone, validInvite: deps.validInvite, changes: deps.changes, live: deps.live });
  registerRewardRoutes(registry, rewards);
  await registerOperatorActivityRoutes(app, { rewards, operator: deps.operator });
  return rewards;
}
