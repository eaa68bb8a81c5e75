import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EndpointRegistry } from '../../plugins/app/endpoints.ts';
import { registerBetRecordRoutes } from './bet-records.routes.ts';
import { createBetRecordsService } from './bet-records.service.ts';
import { createGameSessionsService, type GameSessionsService } from './game-sessions.service.ts';
import { createPlatformDirectory } from './provider-platforms.ts';
import { registerProviderWalletRoutes } from './provider-wallet.routes.ts';
import { createProviderWalletService } from './provider-wallet.service.ts';

export interface GameWalletDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'originalsProviderSecret' | 'nodeEnv'>;
}

/**
 * Wires the seamless wallet: game sessions and launch tokens, the provider protocol under
 * /provider/v1/wallet and the bet record calls. Answers the sessions service, which the games
 * module (startGame, online, exitGame) uses.
 */
export async function registerGameWallet(app: FastifyInstance, registry: EndpointRegistry, deps: GameWalletDeps): Promise<GameSessionsService> {
  const { db, clock, config } = deps;
  const sessions = createGameSessionsService({ db, clock });
  const wallet = createProviderWalletService({ db, clock, sessions });
  const platforms = createPlatformDirectory({ db, originalsSecret: config.originalsProviderSecret });
  await registerProviderWalletRoutes(app, { wallet, platforms, clock, validateResponses: config.nodeEnv === 'test' });
  registerBetRecordRoutes(registry, createBetRecordsService({ db, clock, sessions }));
  return sessions;
}
