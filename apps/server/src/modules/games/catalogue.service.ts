import type { SQL } from 'drizzle-orm';
import { AppError, ErrorCode, type GameLists } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { withTx, type Executor } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './games.repo.ts';

/** How many recently played games a player's list holds (and the table keeps). */
export const GAME_HISTORY_LIMIT = 20;

export interface PlayerGameData {
  /** Favourite game ids, newest first. */
  gameLikes: number[];
  /** Recently played (real money) game ids, newest first, at most GAME_HISTORY_LIMIT. */
  gameHistory: number[];
}

export interface GameCatalogueDeps {
  db: Db;
  clock: Clock;
}

/**
 * The lobby's catalogue and each player's favourites and recently played games (product rules §3).
 * Every catalogue change bumps gameListVersion, so the lists are cached per version: a client
 * without the current lists costs one read per version per server, not one per start-up.
 */
/** Games' names by id (records name the game a session was played in). */
export async function gameNames(x: Executor, ids: number[]): Promise<Map<number, string>> {
  return new Map((await repo.namesOf(x, [...new Set(ids)])).map((g) => [g.id, g.name]));
}

/** getAfterLoginInfoWeb's appGameDataUser as a json column of another module's statement about the player (`userId` an SQL expression). */
export const playerGameDataExpr = (userId: SQL): SQL<PlayerGameData> => repo.playerGameDataExpr(userId, GAME_HISTORY_LIMIT);

export function createGameCatalogue({ db, clock }: GameCatalogueDeps) {
  let cached: GameLists | null = null;

  async function listsOf(version: number): Promise<GameLists> {
    if (cached?.gameListVersion === version) return cached;
    const lists = { gameListVersion: version, ...(await repo.readCatalogue(db)) };
    cached = lists;
    return lists;
  }

  return {
    /**
     * preLogin: the lists when the client's version is missing or differs from the server's
     * (`serverVersion`, app_config.gameListVersion); null when the client's copy is current.
     */
    async listsUnlessCurrent(clientVersion: number | undefined, serverVersion: number): Promise<GameLists | null> {
      if (clientVersion === serverVersion) return null;
      return listsOf(serverVersion);
    },

    /** Marks the catalogue as changed so every client refetches it; answers the new version. */
    async bumpListVersion(): Promise<number> {
      return repo.bumpGameListVersion(db, clock.now());
    },

    /**
     * gameLike: adds (like) or removes a favourite; both are idempotent. An unknown or hidden
     * game is 4001 either way, so a player cannot probe hidden ids. Answers the favourites.
     */
    async setLike(userId: number, gameId: number, like: boolean): Promise<{ gameLikes: number[] }> {
      if (!(await repo.isVisibleGame(db, gameId))) throw new AppError(ErrorCode.gameNotFound);
      if (like) await repo.addLike(db, userId, gameId, clock.now());
      else await repo.removeLike(db, userId, gameId);
      return { gameLikes: await repo.listLikes(db, userId) };
    },

    /** Adds a real-money launch to the player's recently played games. */
    async recordPlayed(userId: number, gameId: number): Promise<void> {
      await withTx(db, (tx) => repo.recordPlayed(tx, userId, gameId, clock.now(), GAME_HISTORY_LIMIT));
    },
  };
}

export type GameCatalogue = ReturnType<typeof createGameCatalogue>;
