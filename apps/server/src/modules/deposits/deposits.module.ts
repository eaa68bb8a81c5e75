import type { FastifyInstance } from 'fastify';
import type { AppConfigFields } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EndpointRegistry } from '../../plugins/app/endpoints.ts';
import { createDepositLimitsService } from './deposit-limits.service.ts';
import { createDepositsService } from './deposits.service.ts';
import { registerDepositRoutes } from './deposits.routes.ts';
import { createLedgerDepositWallet } from './ledger-deposit-wallet.ts';
import { createTradeInfoService } from './trade-info.service.ts';
import type { PaymentProvider } from '../payments/payments.types.ts';
import type { SandboxProvider } from '../payments/payments.module.ts';
import { registerPaymentRoutes } from './sandbox.routes.ts';

/** Wires deposits: services over the ledger, the app calls, the webhook receiver and the sandbox pay page. */
export async function registerDeposits(
  app: FastifyInstance,
  registry: EndpointRegistry,
  deps: {
    db: Db;
    clock: Clock;
    getConfig: () => Promise<AppConfigFields>;
    /** Absent in production: see createPaymentProviders. */
    sandbox: SandboxProvider | undefined;
    providers: Record<string, PaymentProvider>;
    signatureFailuresPerMin: number;
    /** How long an order waits for its payment (ORDER_TTL_MS unless configured). */
    orderTtlMs?: number;
  },
): Promise<void> {
  const { db, clock, getConfig, sandbox, providers } = deps;
  const wallet = createLedgerDepositWallet(db);
  const limits = createDepositLimitsService({ db, clock });
  const deposits = createDepositsService({ db, clock, log: app.log, wallet, limits, providers, getConfig, orderTtlMs: deps.orderTtlMs });
  const tradeInfo = createTradeInfoService({ db, wallet, getConfig });
  registerDepositRoutes(registry, { deposits, tradeInfo, limits });
  await registerPaymentRoutes(app, { deposits, providers, sandbox, signatureFailuresPerMin: deps.signatureFailuresPerMin });
}
