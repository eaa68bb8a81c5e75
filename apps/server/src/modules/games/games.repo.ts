import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { GameLists } from '@playhall/contract';
import type { Executor } from '../../db/tx.ts';
import { appConfig, game, gameBrand, gameHistory, gameLike, gamePlatform, gameType } from '../../db/schema.ts';

/**
 * Adds one to app_config.gameListVersion and answers the new version. Takes an executor so the
 * operator console can bump in the same transaction as its catalogue edit.
 */
export async function bumpGameListVersion(x: Executor, at: Date): Promise<number> {
  const rows = await x
    .update(appConfig)
    .set({ value: sql`to_jsonb((${appConfig.value} #>> '{}')::int + 1)`, updatedAt: at })
    .where(eq(appConfig.key, 'gameListVersion'))
    .returning({ value: appConfig.value });
  const value = rows[0]?.value;
  if (typeof value !== 'number') throw new Error('app_config.gameListVersion is missing or not a number');
  return value;
}

/**
 * What the lobby lists, in display order: games that are not hidden and whose platform, brand and
 * type are all enabled, and the platforms, brands and types that have at least one such game
 * (an empty tab or brand filter would only lead to an empty grid).
 */
export async function readCatalogue(x: Executor): Promise<Omit<GameLists, 'gameListVersion'>> {
  const rows = await x
    .select({
      id: game.id,
      code: game.code,
      name: game.name,
      platformId: game.platformId,
      brandId: game.brandId,
      typeId: game.typeId,
      icon: game.icon,
      hot: game.isHot,
      new: game.isNew,
      sort: game.sort,
      demo: game.demoAllowed,
      status: game.status,
    })
    .from(game)
    .innerJoin(gamePlatform, and(eq(gamePlatform.id, game.platformId), eq(gamePlatform.enabled, true)))
    .innerJoin(gameBrand, and(eq(gameBrand.id, game.brandId), eq(gameBrand.enabled, true)))
    .innerJoin(gameType, and(eq(gameType.id, game.typeId), eq(gameType.enabled, true)))
    .where(ne(game.status, 'hidden'))
    .orderBy(asc(game.sort), asc(game.id));
  const gameList = rows.map((r) => ({ ...r, status: r.status === 'maintenance' ? ('maintenance' as const) : ('online' as const) }));

  const used = (pick: (g: (typeof gameList)[number]) => number) => new Set(gameList.map(pick));
  const [platformIds, brandIds, typeIds] = [used((g) => g.platformId), used((g) => g.brandId), used((g) => g.typeId)];

  const [platforms, brands, types] = await Promise.all([
    x
      .select({ id: gamePlatform.id, code: gamePlatform.code, name: gamePlatform.name, walletMode: gamePlatform.walletMode, sort: gamePlatform.sort })
      .from(gamePlatform)
      .orderBy(asc(gamePlatform.sort), asc(gamePlatform.id)),
    x
      .select({ id: gameBrand.id, code: gameBrand.code, name: gameBrand.name, platformId: gameBrand.platformId, sort: gameBrand.sort })
      .from(gameBrand)
      .orderBy(asc(gameBrand.sort), asc(gameBrand.id)),
    x.select({ id: gameType.id, code: gameType.code, name: gameType.name, sort: gameType.sort }).from(gameType).orderBy(asc(gameType.sort), asc(gameType.id)),
  ]);
  return {
    gameList,
    gamePlatformList: platforms.filter((p) => platformIds.has(p.id)),
    gameBrandList: brands.filter((b) => brandIds.has(b.id)),
    gameTypeList: types.filter((t) => typeIds.has(t.id)),
  };
}

export interface LaunchTarget {
  id: number;
  code: string;
  status: 'online' | 'maintenance' | 'hidden';
  demoAllowed: boolean;
  platformCode: string;
  launchUrl: string;
  platformEnabled: boolean;
  brandEnabled: boolean;
}

/** A game with what launching it needs (its platform's code and launch URL), or null. */
export async function findLaunchTarget(x: Executor, gameId: number): Promise<LaunchTarget | null> {
  const rows = await x
    .select({
      id: game.id,
      code: game.code,
      status: game.status,
      demoAllowed: game.demoAllowed,
      platformCode: gamePlatform.code,
      launchUrl: gamePlatform.launchUrl,
      platformEnabled: gamePlatform.enabled,
      brandEnabled: gameBrand.enabled,
    })
    .from(game)
    .innerJoin(gamePlatform, eq(gamePlatform.id, game.platformId))
    .innerJoin(gameBrand, eq(gameBrand.id, game.brandId))
    .where(eq(game.id, gameId));
  return rows[0] ?? null;
}

/** Is there a game with this id that players may see (any status but hidden)? */
export async function isVisibleGame(x: Executor, gameId: number): Promise<boolean> {
  const rows = await x.select({ id: game.id }).from(game).where(and(eq(game.id, gameId), ne(game.status, 'hidden')));
  return rows.length > 0;
}

/** Adds a favourite; liking it again keeps its first time, so its place in the list stays. */
export async function addLike(x: Executor, userId: number, gameId: number, at: Date): Promise<void> {
  await x.insert(gameLike).values({ userId, gameId, createdAt: at }).onConflictDoNothing();
}

export async function removeLike(x: Executor, userId: number, gameId: number): Promise<void> {
  await x.delete(gameLike).where(and(eq(gameLike.userId, userId), eq(gameLike.gameId, gameId)));
}

/** Favourite game ids, newest first; games hidden since are left out. */
export async function listLikes(x: Executor, userId: number): Promise<number[]> {
  const rows = await x
    .select({ gameId: gameLike.gameId })
    .from(gameLike)
    .innerJoin(game, eq(game.id, gameLike.gameId))
    .where(and(eq(gameLike.userId, userId), ne(game.status, 'hidden')))
    .orderBy(desc(gameLike.createdAt), desc(gameLike.gameId));
  return rows.map((r) => r.gameId);
}

/**
 * Records a real-money launch as recently played and keeps only the player's `keep` most recent
 * games, so the table stays as small as the list it feeds.
 */
export async function recordPlayed(x: Executor, userId: number, gameId: number, at: Date, keep: number): Promise<void> {
  await x
    .insert(gameHistory)
    .values({ userId, gameId, lastPlayedAt: at })
    .onConflictDoUpdate({ target: [gameHistory.userId, gameHistory.gameId], set: { lastPlayedAt: at } });
  await x.execute(sql`
    delete from game_history
     where user_id = ${userId}
       and game_id not in (select game_id from game_history where user_id = ${userId}
                            order by last_played_at desc, game_id desc limit ${keep})`);
}

/**
 * The favourites (as listLikes) and the recently played games as one json value `{ gameLikes, gameHistory }`, for another module's
 * statement about the same player (its user id an SQL expression or placeholder).
 */
export function playerGameDataExpr(userId: SQL, historyLimit: number): SQL<{ gameLikes: number[]; gameHistory: number[] }> {
  return sql`json_build_object(
    'gameLikes', coalesce((select json_agg(l.game_id order by l.created_at desc, l.game_id desc) from game_like l join game g on g.id = l.game_id
                           where l.user_id = ${userId}::bigint and g.status <> 'hidden'), '[]'::json),
    'gameHistory', coalesce((select json_agg(h.game_id order by h.last_played_at desc, h.game_id desc) from (
                             select gh.game_id, gh.last_played_at from game_history gh join game g on g.id = gh.game_id
                             where gh.user_id = ${userId}::bigint and g.status <> 'hidden'
                             order by gh.last_played_at desc, gh.game_id desc limit ${sql.raw(String(historyLimit))}) h), '[]'::json))`;
}

/** Games' names by id. */
export async function namesOf(x: Executor, ids: number[]): Promise<{ id: number; name: string }[]> {
  if (!ids.length) return [];
  return x.select({ id: game.id, name: game.name }).from(game).where(inArray(game.id, ids));
}
