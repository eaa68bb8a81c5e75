import { betRecordEndpoint, betRecordReportEndpoint, gameBalanceListEndpoint, retrieveBalanceEndpoint } from '@playhall/contract';
import { type EndpointRegistry, must } from '../../plugins/app/endpoints.ts';
import type { BetRecordsService } from './bet-records.service.ts';

/** Bet records and provider balances: the session decides whose, never the body. */
export function registerBetRecordRoutes(registry: EndpointRegistry, records: BetRecordsService): void {
  registry.handle(betRecordEndpoint, async (ctx, b) =>
    records.list(must(ctx.session).userId, { pageNum: b.pageNum, pageSize: b.pageSize, from: b.from, to: b.to, typeId: b.typeId }),
  );
  registry.handle(betRecordReportEndpoint, async (ctx, b) => records.report(must(ctx.session).userId, { from: b.from, to: b.to }));
  registry.handle(gameBalanceListEndpoint, async (ctx) => records.providerBalances(must(ctx.session).userId));
  registry.handle(retrieveBalanceEndpoint, async (ctx, b) => records.retrieve(must(ctx.session).userId, b.platformId));
}
