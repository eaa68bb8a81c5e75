import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Clock } from '../../lib/clock.ts';
import type { EndpointRegistry } from '../../plugins/app/endpoints.ts';
import { createGameSessionsService, type GameSessionsService } from './game-sessions.service.ts';

export interface GameWalletDeps {
  db: Db;
  clock: Clock;
  /** The `originals` platform's signing secret (config ORIGINALS_PROVIDER_SECRET). */
  originalsSecret: string;
}

/**
 * Wires the seamless wallet: game sessions and launch tokens, the provider protocol under
 * /provider/v1/wallet and the bet record calls. Answers the sessions service, which the games
 * module (startGame, online, exitGame) uses.
 */
export async function registerGameWallet(_app: FastifyInstance, _registry: EndpointRegistry, deps: GameWalletDeps): Promise<GameSessionsService> {
  const sessions = createGameSessionsService({ db: deps.db, clock: deps.clock });
  return sessions;
}
