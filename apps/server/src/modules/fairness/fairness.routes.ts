import { fairSeedHistoryEndpoint, fairSeedInfoEndpoint, fairSeedRotateEndpoint } from '@playhall/contract';
import { type EndpointRegistry, must } from '../../plugins/app/endpoints.ts';
import type { FairnessService } from './fairness.service.ts';

export function registerFairnessRoutes(registry: EndpointRegistry, fairness: FairnessService): void {
  registry.handle(fairSeedInfoEndpoint, async (ctx, b) => fairness.info(must(ctx.session).userId, b.scope));
  registry.handle(fairSeedRotateEndpoint, async (ctx, b) => fairness.rotate(must(ctx.session).userId, b.scope, b.clientSeed));
  registry.handle(fairSeedHistoryEndpoint, async (ctx, b) => fairness.history(must(ctx.session).userId, b.scope, b.pageNum, b.pageSize));
}
