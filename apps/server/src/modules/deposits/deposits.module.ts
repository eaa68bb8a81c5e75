import type { FastifyInstance } from 'fastify';
import type { AppConfigFields } from '@playhall/contract';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EndpointRegistry } from '../../plugins/app/endpoints.ts';
import { createDepositLimitsService } from './deposit-limits.service.ts';
import { createDepositsService } from './deposits.service.ts';
import { registerDepositRoutes } from './deposits.routes.ts';
import { createLedgerDepositWallet } from './ledger-deposit-wallet.ts';
import { createTradeInfoService } from './trade-info.service.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { createSandboxProvider, type SandboxProvider } from './payments/sandbox-provider.ts';
import { registerPaymentRoutes } from './payments/sandbox.routes.ts';

/**
 * The payment providers this server serves. The sandbox's pay page lets the paying player approve
 * their own order, so production never has it (decision 014): there a channel needs a real provider.
 */
export function createPaymentProviders(
  config: Pick<Config, 'nodeEnv' | 'sandboxPaymentSecret'>,
  clock: Clock,
): { sandbox: SandboxProvider | undefined; providers: Record<string, PaymentProvider> } {
  if (config.nodeEnv === 'production') return { sandbox: undefined, providers: {} };
  const sandbox = createSandboxProvider(config.sandboxPaymentSecret, clock);
  return { sandbox, providers: { [sandbox.id]: sandbox } };
}

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
  },
): Promise<void> {
  const { db, clock, getConfig, sandbox, providers } = deps;
  const wallet = createLedgerDepositWallet(db);
  const limits = createDepositLimitsService({ db, clock });
  const deposits = createDepositsService({ db, clock, log: app.log, wallet, limits, providers, getConfig });
  const tradeInfo = createTradeInfoService({ db, wallet, getConfig });
  registerDepositRoutes(registry, { deposits, tradeInfo, limits });
  await registerPaymentRoutes(app, { deposits, providers, sandbox, signatureFailuresPerMin: deps.signatureFailuresPerMin });
}
