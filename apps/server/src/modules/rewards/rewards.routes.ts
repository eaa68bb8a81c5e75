import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { activityAwardGetLogEndpoint, activityAwardGetSumEndpoint, activityGetStatusListEndpoint, activityInput, activityPatch, activityReceiveEndpoint, getActivityIdsEndpoint, getInviteInfoEndpoint } from '@playhall/contract';
import { must, type EndpointRegistry } from '../../plugins/app/endpoints.ts';
import { operatorOk as ok, parseOperatorInput as parse, registerOperatorRoutes, type OperatorAuth } from '../../plugins/app/operator-api.ts';
import type { RewardsService } from './rewards.service.ts';
import { inviteInfo } from './referrals.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A filter bound: a day means from its start (UTC) or, as an end, up to its end. */
const bound = (v: string | undefined, end: boolean) => (v === undefined ? undefined : DAY.test(v) ? new Date(Date.parse(`${v}T00:00:00Z`) + (end ? 86_400_000 : 0)) : new Date(Date.parse(v) + (end ? 1 : 0)));

/** The engine's player calls; each kind registers its own (claims, progress). */
export function registerRewardRoutes(registry: EndpointRegistry, rewards: RewardsService): void {
  registry.handle(getActivityIdsEndpoint, async (ctx) => rewards.getActivityIds(must(ctx.session).userId));
  // Public (spec §6): a visitor gets every flag false.
  registry.handle(activityGetStatusListEndpoint, async (ctx) => rewards.statusList(ctx.session?.userId ?? null));
  registry.handle(activityAwardGetLogEndpoint, async (ctx, b) =>
    rewards.awardLog(must(ctx.session).userId, {
      pageNum: b.pageNum,
      pageSize: b.pageSize,
      activityType: b.activityType,
      awardId: b.awardId,
      from: bound(b.beginTime, false),
      to: bound(b.endTime, true),
    }),
  );
  registry.handle(activityAwardGetSumEndpoint, async (ctx) => rewards.awardSums(must(ctx.session).userId));
  registry.handle(activityReceiveEndpoint, async (ctx, b) => rewards.receive(must(ctx.session).userId, b.activityId, { installed: b.installed === true }));
  // /share: the invite code and the friends who registered with it (decision 066).
  registry.handle(getInviteInfoEndpoint, async (ctx) => inviteInfo(rewards.context.db, must(ctx.session).userId, rewards.context.validInvite));
  for (const kind of rewards.kinds) kind.routes?.(registry, rewards.context, (type) => rewards.runningOf(type));
}

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** Operators configure activities (staff only: bearer operator token); every change is audited. */
export async function registerOperatorActivityRoutes(app: FastifyInstance, s: { rewards: RewardsService; operator: OperatorAuth }): Promise<void> {
  await registerOperatorRoutes(app, s.operator, (scope, actor) => {
    scope.get('/activities', async () => ok(await s.rewards.list()));
    scope.get('/activities/:id', async (req) => ok(await s.rewards.get(parse(idParams, req.params).id)));
    scope.post('/activities', async (req) => ok(await s.rewards.create(parse(activityInput, req.body), actor)));
    scope.post('/activities/:id', async (req) => ok(await s.rewards.update(parse(idParams, req.params).id, parse(activityPatch, req.body), actor)));
    scope.post('/activities/:id/enable', async (req) => ok(await s.rewards.setEnabled(parse(idParams, req.params).id, true, actor)));
    scope.post('/activities/:id/disable', async (req) => ok(await s.rewards.setEnabled(parse(idParams, req.params).id, false, actor)));
  });
}
