import { AppError, ErrorCode, appUserCoinDetailEndpoint } from '@playhall/contract';
import type { EndpointRegistry } from '../../plugins/app/endpoints.ts';
import type { WalletRecordsService } from './wallet-records.service.ts';

/** appUserCoinDetail: the session decides whose records, never the body. */
export function registerWalletRecordRoutes(registry: EndpointRegistry, records: WalletRecordsService): void {
  registry.handle(appUserCoinDetailEndpoint, async (ctx, b) => {
    if (!ctx.session) throw new AppError(ErrorCode.unauthorized);
    return records.list(ctx.session.userId, { pageNum: b.pageNum, pageSize: b.pageSize, kind: b.kind, from: b.from, to: b.to });
  });
}
