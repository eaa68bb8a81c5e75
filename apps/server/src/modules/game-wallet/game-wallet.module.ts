import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EndpointRegistry } from '../../plugins/app/endpoints.ts';
import { registerBetRecordRoutes } from './bet-records.routes.ts';
import { createBetRecordsService } from './bet-records.service.ts';
import { createGameSessionsService, type GameSessionsService } from './game-sessions.service.ts';
import { registerOperatorAlertRoutes } from './operator-alerts.routes.ts';
import { createOperatorAlertsService } from './operator-alerts.service.ts';
import { createPlatformDirectory } from './provider-platforms.ts';
import { registerProviderWalletRoutes } from './provider-wallet.routes.ts';
import { createProviderWalletService } from './provider-wallet.service.ts';
import { createRoundSweeper, ROUND_SWEEP_EVERY_MS } from './round-sweeper.ts';

export interface GameWalletDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'originalsProviderSecret' | 'nodeEnv' | 'operatorToken' | 'operatorName' | 'signatureFailuresPerMin'>;
}

/**
 * Wires the seamless wallet: game sessions and launch tokens, the provider protocol under
 * /provider/v1/wallet, the bet record calls, and the sweep that ends rounds providers left open
 * (at start-up, then every 10 minutes), and the operator's list of the rounds it flagged (decision 017). Answers the sessions service, which the games module
 * (startGame, online, exitGame) uses.
 */
export async function registerGameWallet(app: FastifyInstance, registry: EndpointRegistry, deps: GameWalletDeps): Promise<GameSessionsService> {
  const { db, clock, config } = deps;
  const sessions = createGameSessionsService({ db, clock });
  const wallet = createProviderWalletService({ db, clock, sessions });
  const platforms = createPlatformDirectory({ db, originalsSecret: config.originalsProviderSecret });
  await registerProviderWalletRoutes(app, {
    wallet,
    platforms,
    clock,
    validateResponses: config.nodeEnv === 'test',
    signatureFailuresPerMin: config.signatureFailuresPerMin,
  });
  registerBetRecordRoutes(registry, createBetRecordsService({ db, clock, sessions }));
  await registerOperatorAlertRoutes(app, { alerts: createOperatorAlertsService({ db }), operator: { token: config.operatorToken, name: config.operatorName } });

  const sweeper = createRoundSweeper({ db, clock });
  const sweep = () =>
    void sweeper
      .sweep()
      .then((n) => n > 0 && app.log.info({ rounds: n }, 'ended game rounds left idle by their provider'))
      .catch((err: unknown) => app.log.error({ err }, 'game round sweep failed'));
  let interval: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    setImmediate(sweep);
    interval = setInterval(sweep, ROUND_SWEEP_EVERY_MS);
    interval.unref();
  });
  app.addHook('onClose', async () => clearInterval(interval));
  return sessions;
}
