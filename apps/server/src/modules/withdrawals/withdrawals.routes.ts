import {
  addBankInfoEndpoint,
  exchangeEndpoint,
  getBankInfoListEndpoint,
  getExchangeEndpoint,
  getWithdrawalOrderEndpoint,
  modifyBankInfoEndpoint,
} from '@playhall/contract';
import { type EndpointRegistry, must } from '../../plugins/app/endpoints.ts';
import type { ReceivingAccountsService } from './receiving-accounts.service.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

export function registerWithdrawalRoutes(registry: EndpointRegistry, s: { withdrawals: WithdrawalsService; accounts: ReceivingAccountsService }): void {
  registry.handle(getExchangeEndpoint, async (ctx) => s.withdrawals.info(must(ctx.session)));
  registry.handle(exchangeEndpoint, async (ctx, b) => s.withdrawals.request(must(ctx.session), { accountId: b.accountId, amount: b.amount, requestId: b.requestId }));
  registry.handle(getWithdrawalOrderEndpoint, async (ctx, b) => s.withdrawals.get(must(ctx.session), b.orderId));
  registry.handle(getBankInfoListEndpoint, async (ctx) => s.accounts.list(must(ctx.session)));
  registry.handle(addBankInfoEndpoint, async (ctx, b) =>
    s.accounts.add(must(ctx.session), { typeId: b.typeId, bankId: b.bankId, accountName: b.accountName, accountNo: b.accountNo, isDefault: b.isDefault }));
  registry.handle(modifyBankInfoEndpoint, async (ctx, b) =>
    s.accounts.modify(must(ctx.session), { id: b.id, bankId: b.bankId, accountName: b.accountName, accountNo: b.accountNo, isDefault: b.isDefault }));
}
