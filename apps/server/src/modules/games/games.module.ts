import type { EndpointRegistry } from '../../plugins/app/endpoints.ts';
import type { Db } from '../../db/client.ts';
import type { GameCatalogue } from './catalogue.service.ts';
import { createGameLaunchService, type GameSessionsPort } from './launch.service.ts';
import { registerGameRoutes } from './games.routes.ts';

/**
 * The lobby's game calls. The catalogue is created in app.ts because preLogin and
 * getAfterLoginInfoWeb (accounts module) read it too; sessions come from the game-wallet module.
 */
export function registerGames(registry: EndpointRegistry, deps: { db: Db; catalogue: GameCatalogue; sessions: GameSessionsPort }): void {
  registerGameRoutes(registry, { catalogue: deps.catalogue, launch: createGameLaunchService(deps) });
}
