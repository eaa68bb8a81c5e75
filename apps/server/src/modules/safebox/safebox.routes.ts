import {
  getSafeboxEndpoint,
  safeboxDepositEndpoint,
  safeboxWithdrawEndpoint,
  setSafeboxPasswordEndpoint,
} from '@playhall/contract';
import { type EndpointRegistry, must } from '../../plugins/app/endpoints.ts';
import type { SafeboxService } from './safebox.service.ts';

export function registerSafeboxRoutes(registry: EndpointRegistry, safebox: SafeboxService): void {
  registry.handle(getSafeboxEndpoint, async (ctx) => safebox.get(must(ctx.session)));
  registry.handle(setSafeboxPasswordEndpoint, async (ctx, b) => safebox.setPassword(must(ctx.session), { password: b.password, oldPassword: b.oldPassword }));
  registry.handle(safeboxDepositEndpoint, async (ctx, b) => safebox.deposit(must(ctx.session), { amount: b.amount, requestId: b.requestId }));
  registry.handle(safeboxWithdrawEndpoint, async (ctx, b) =>
    safebox.withdraw(must(ctx.session), { amount: b.amount, password: b.password, requestId: b.requestId }),
  );
}
