import { anonymousStartGameEndpoint, exitGameEndpoint, gameLikeEndpoint, onlineEndpoint, startGameEndpoint } from '@playhall/contract';
import { type EndpointRegistry, must } from '../../plugins/app/endpoints.ts';
import type { GameCatalogue } from './catalogue.service.ts';
import type { GameLaunchService } from './launch.service.ts';
import { requestLanguage } from './request-language.ts';

export function registerGameRoutes(registry: EndpointRegistry, s: { catalogue: GameCatalogue; launch: GameLaunchService }): void {
  registry.handle(gameLikeEndpoint, async (ctx, b) => s.catalogue.setLike(must(ctx.session).userId, b.gameId, b.like));
  registry.handle(startGameEndpoint, async (ctx, b) =>
    s.launch.start(must(ctx.session), { gameId: b.gameId, tryIt: b.tryIt, activityId: b.activityId }, requestLanguage(ctx)),
  );
  registry.handle(anonymousStartGameEndpoint, async (ctx, b) => s.launch.startAnonymous({ gameId: b.gameId }, requestLanguage(ctx)));
  registry.handle(onlineEndpoint, async (ctx, b) => s.launch.online(must(ctx.session), b.gameId));
  // Public: a visitor leaving a demo calls it too, and simply has nothing to close.
  registry.handle(exitGameEndpoint, async (ctx, b) => s.launch.exit(ctx.session, b.gameId));
}
