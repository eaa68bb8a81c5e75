import {
  getDepositLimitsEndpoint,
  getRechargeInfoEndpoint,
  getRechargeOrderEndpoint,
  getRechargeOrderListEndpoint,
  rechargeEndpoint,
  setDepositLimitsEndpoint,
} from '@playhall/contract';
import { type EndpointRegistry, must } from '../../plugins/app/endpoints.ts';
import type { DepositLimitsService } from './deposit-limits.service.ts';
import type { DepositsService } from './deposits.service.ts';
import type { createTradeInfoService } from './trade-info.service.ts';

export function registerDepositRoutes(
  registry: EndpointRegistry,
  s: { deposits: DepositsService; tradeInfo: ReturnType<typeof createTradeInfoService>; limits: DepositLimitsService },
): void {
  registry.handle(getRechargeInfoEndpoint, async (ctx, b) => s.tradeInfo.getRechargeInfo(must(ctx.session), b.hash));
  registry.handle(rechargeEndpoint, async (ctx, b) => s.deposits.createOrder(must(ctx.session), b));
  registry.handle(getRechargeOrderEndpoint, async (ctx, b) => s.deposits.getOrder(must(ctx.session), b.orderId));
  registry.handle(getRechargeOrderListEndpoint, async (ctx, b) => s.deposits.listOrders(must(ctx.session), b));
  registry.handle(getDepositLimitsEndpoint, async (ctx) => s.limits.get(must(ctx.session)));
  registry.handle(setDepositLimitsEndpoint, async (ctx, b) => s.limits.set(must(ctx.session), { day: b.day, week: b.week, month: b.month }));
}
