import { AppError, ErrorCode, type GameLaunch, type Language, type Money } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import type { SessionInfo } from '../../plugins/app/endpoints.ts';
import { createBalanceReader } from '../ledger/ledger.service.ts';
import type { GameCatalogue } from './catalogue.service.ts';
import * as repo from './games.repo.ts';

/**
 * What the lobby needs from the game-wallet module's sessions service (launch tokens and game
 * sessions live there, next to the provider protocol that consumes them).
 */
export interface GameSessionsPort {
  createLaunch(input: {
    userId: number | null;
    gameId: number;
    gameCode: string;
    platformCode: string;
    launchUrl: string;
    mode: 'real' | 'demo';
    lang: string;
  }): Promise<{ url: string; expiresAt: string }>;
  touch(userId: number, gameId: number): Promise<void>;
  close(userId: number, gameId?: number): Promise<number>;
}

export interface GameLaunchDeps {
  db: Db;
  catalogue: GameCatalogue;
  sessions: GameSessionsPort;
}

/**
 * The game a launch may start, in the order a player is best told about it: a game that does not
 * exist or is hidden is 4001; one in maintenance, or whose provider (platform or brand) is
 * switched off, is 4002 (temporary: "try again later"); demo play where the game has none is 4003.
 * A disabled type only takes the game out of the lobby's lists: favourites and links still launch it.
 */
async function launchable(db: Db, gameId: number, mode: 'real' | 'demo'): Promise<repo.LaunchTarget> {
  const target = await repo.findLaunchTarget(db, gameId);
  if (!target || target.status === 'hidden') throw new AppError(ErrorCode.gameNotFound);
  if (target.status === 'maintenance' || !target.platformEnabled || !target.brandEnabled) throw new AppError(ErrorCode.gameInMaintenance);
  if (mode === 'demo' && !target.demoAllowed) throw new AppError(ErrorCode.gameDemoNotAllowed);
  return target;
}

/** startGame, anonymous/startGame, online and exitGame (product rules §3). */
export function createGameLaunchService({ db, catalogue, sessions }: GameLaunchDeps) {
  // online's balance: one statement for the heartbeats arriving together (decision 054).
  const balances = createBalanceReader(db, 'games_online_balance');
  async function launch(userId: number | null, gameId: number, mode: 'real' | 'demo', lang: Language): Promise<GameLaunch> {
    const target = await launchable(db, gameId, mode);
    const { url, expiresAt } = await sessions.createLaunch({
      userId,
      gameId: target.id,
      gameCode: target.code,
      platformCode: target.platformCode,
      launchUrl: target.launchUrl,
      mode,
      lang,
    });
    return { gameId: target.id, mode, url, expiresAt };
  }

  return {
    /**
     * A logged-in player's launch: real money, or demo with tryIt. Real play puts the game at the
     * top of the player's recently played list; demo play does not (it is only a look).
     * activityId is accepted for the activities of later issues and changes nothing yet.
     */
    async start(session: SessionInfo, input: { gameId: number; tryIt?: boolean; activityId?: number }, lang: Language): Promise<GameLaunch> {
      const mode = input.tryIt ? 'demo' : 'real';
      const result = await launch(session.userId, input.gameId, mode, lang);
      if (mode === 'real') await catalogue.recordPlayed(session.userId, result.gameId);
      return result;
    },

    /** A visitor's demo: play money only, where the game allows it. */
    async startAnonymous(input: { gameId: number }, lang: Language): Promise<GameLaunch> {
      return launch(null, input.gameId, 'demo', lang);
    },

    /** The 60 s heartbeat while logged in: keeps the open game's session alive (when one is named) and answers the coin balance. */
    async online(session: SessionInfo, gameId?: number): Promise<{ coin: Money }> {
      if (gameId !== undefined) await sessions.touch(session.userId, gameId);
      return { coin: (await balances(session.userId)).coin };
    },

    /** exitGame: closes the player's sessions of the game, or of every game; a visitor has none. */
    async exit(session: SessionInfo | null, gameId?: number): Promise<{ closed: number }> {
      if (!session) return { closed: 0 };
      return { closed: await sessions.close(session.userId, gameId) };
    },
  };
}

export type GameLaunchService = ReturnType<typeof createGameLaunchService>;
