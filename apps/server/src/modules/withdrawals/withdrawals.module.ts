import type { FastifyInstance } from 'fastify';
import type { AppConfigFields, LockingBonus } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EndpointRegistry } from '../../plugins/app/endpoints.ts';
import type { OperatorAuth } from '../../plugins/app/operator-api.ts';
import type { PaymentProvider } from '../payments/payments.types.ts';
import { registerOperatorWithdrawalRoutes } from './operator.routes.ts';
import { createReceivingAccountsService } from './receiving-accounts.service.ts';
import { registerWithdrawalRoutes } from './withdrawals.routes.ts';
import { createWithdrawalsService } from './withdrawals.service.ts';

/** Wires withdrawals: receiving accounts, requests over the ledger, the app calls and the operator API. */
export async function registerWithdrawals(
  app: FastifyInstance,
  registry: EndpointRegistry,
  deps: {
    db: Db;
    clock: Clock;
    getConfig: () => Promise<AppConfigFields>;
    providers: Record<string, PaymentProvider>;
    operator: OperatorAuth;
    /** The rewards module's answer to "which bonuses lock this much": the withdraw checklist names them. */
    lockingBonuses: (userId: number, bonusLocked: number) => Promise<LockingBonus[]>;
  },
): Promise<void> {
  const { db, clock, getConfig, providers, lockingBonuses } = deps;
  const accounts = createReceivingAccountsService({ db, clock, getConfig });
  const withdrawals = createWithdrawalsService({ db, clock, log: app.log, getConfig, accounts, providers, lockingBonuses });
  registerWithdrawalRoutes(registry, { withdrawals, accounts });
  await registerOperatorWithdrawalRoutes(app, { withdrawals, operator: deps.operator });
}
