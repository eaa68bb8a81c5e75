import { and, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { gameLaunch, gameSession } from '../../db/schema.ts';

// Every statement about launch tokens and game sessions.

async function rows<T extends object>(x: Executor, query: SQL): Promise<T[]> {
  const res = (await x.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/**
 * Stores a launch token for a game of the named platform. Answers false when the game does not
 * belong to that platform (nothing stored).
 */
export async function insertLaunch(
  x: Executor,
  v: { tokenHash: string; userId: number | null; gameId: number; platformCode: string; mode: 'real' | 'demo'; lang: string; now: Date; expiresAt: Date },
): Promise<boolean> {
  const out = await rows<{ ok: number }>(
    x,
    sql`insert into game_launch (token_hash, user_id, game_id, platform_id, mode, lang, created_at, expires_at)
        select ${v.tokenHash}, ${v.userId}, g.id, g.platform_id, ${v.mode}, ${v.lang}, ${v.now}, ${v.expiresAt}
          from game g join game_platform p on p.id = g.platform_id
         where g.id = ${v.gameId} and p.code = ${v.platformCode}
        returning 1 as ok`,
  );
  return out.length > 0;
}

/**
 * Uses a launch token up: marks it used when it is unused, unexpired and for this platform, and
 * answers what it was bound to. A second use, or any other platform, answers null.
 */
export async function consumeLaunch(x: Executor, tokenHash: string, platformId: number, now: Date) {
  const out = await x
    .update(gameLaunch)
    .set({ usedAt: now })
    .where(and(eq(gameLaunch.tokenHash, tokenHash), eq(gameLaunch.platformId, platformId), isNull(gameLaunch.usedAt), gt(gameLaunch.expiresAt, now)))
    .returning({ userId: gameLaunch.userId, gameId: gameLaunch.gameId, mode: gameLaunch.mode });
  return out[0] ?? null;
}

export async function insertSession(
  x: Executor,
  v: { tokenHash: string; userId: number | null; playerRef: string; gameId: number; platformId: number; mode: 'real' | 'demo'; now: Date },
): Promise<number> {
  const out = await x
    .insert(gameSession)
    .values({ tokenHash: v.tokenHash, userId: v.userId, playerRef: v.playerRef, gameId: v.gameId, platformId: v.platformId, mode: v.mode, createdAt: v.now, lastSeenAt: v.now })
    .returning({ id: gameSession.id });
  const id = out[0]?.id;
  if (id === undefined) throw new Error('insert into game_session returned no row');
  return id;
}

export interface SessionLookup {
  id: number;
  userId: number | null;
  playerRef: string;
  gameId: number;
  platformId: number;
  mode: 'real' | 'demo';
  lastSeenAt: Date;
  closedAt: Date | null;
  gameCode: string;
  typeId: number;
  /** The game takes bets: online and its platform enabled. */
  playable: boolean;
}

/** A session by its token hash at one platform, closed or not, with its game. */
export async function findSession(x: Executor, tokenHash: string, platformId: number): Promise<SessionLookup | null> {
  const [row] = await rows<{
    id: string;
    user_id: string | null;
    player_ref: string;
    game_id: number;
    platform_id: number;
    mode: 'real' | 'demo';
    last_seen_at: string | Date;
    closed_at: string | Date | null;
    game_code: string;
    type_id: number;
    playable: boolean;
  }>(
    x,
    sql`select s.id, s.user_id, s.player_ref, s.game_id, s.platform_id, s.mode, s.last_seen_at, s.closed_at,
               g.code as game_code, g.type_id, (g.status = 'online' and p.enabled) as playable
          from game_session s join game g on g.id = s.game_id join game_platform p on p.id = s.platform_id
         where s.token_hash = ${tokenHash} and s.platform_id = ${platformId}`,
  );
  if (!row) return null;
  return {
    id: Number(row.id),
    userId: row.user_id === null ? null : Number(row.user_id),
    playerRef: row.player_ref,
    gameId: row.game_id,
    platformId: row.platform_id,
    mode: row.mode,
    lastSeenAt: new Date(row.last_seen_at),
    closedAt: row.closed_at === null ? null : new Date(row.closed_at),
    gameCode: row.game_code,
    typeId: row.type_id,
    playable: row.playable,
  };
}

/** Records activity on one session (never reopens a closed one). */
export async function touchSessionById(x: Executor, id: number, now: Date): Promise<void> {
  await x.update(gameSession).set({ lastSeenAt: now }).where(and(eq(gameSession.id, id), isNull(gameSession.closedAt)));
}

/** The heartbeat: keeps the player's still-open sessions of a game alive. */
export async function touchOpen(x: Executor, userId: number, gameId: number, now: Date, idleSince: Date): Promise<void> {
  await x
    .update(gameSession)
    .set({ lastSeenAt: now })
    .where(and(eq(gameSession.userId, userId), eq(gameSession.gameId, gameId), isNull(gameSession.closedAt), gt(gameSession.lastSeenAt, idleSince)));
}

/**
 * Closes the player's open sessions (of one game, of one platform, or all) and their unused
 * launch tokens. Answers how many sessions were open.
 */
export async function closeOpen(x: Executor, userId: number, where: { gameId?: number; platformId?: number }, now: Date, idleSince: Date): Promise<number> {
  const conditions = [eq(gameSession.userId, userId), isNull(gameSession.closedAt), gt(gameSession.lastSeenAt, idleSince)];
  if (where.gameId !== undefined) conditions.push(eq(gameSession.gameId, where.gameId));
  if (where.platformId !== undefined) conditions.push(eq(gameSession.platformId, where.platformId));
  const closed = await x.update(gameSession).set({ closedAt: now }).where(and(...conditions)).returning({ id: gameSession.id });
  const launches = [eq(gameLaunch.userId, userId), isNull(gameLaunch.usedAt), gt(gameLaunch.expiresAt, now)];
  if (where.gameId !== undefined) launches.push(eq(gameLaunch.gameId, where.gameId));
  if (where.platformId !== undefined) launches.push(eq(gameLaunch.platformId, where.platformId));
  // A launch the game never opened must not start a session after the player left.
  await x.update(gameLaunch).set({ expiresAt: now }).where(and(...launches));
  return closed.length;
}

/** Open sessions of the player per platform. */
export async function openCountsByPlatform(x: Executor, userId: number, idleSince: Date): Promise<Map<number, number>> {
  const out = await x
    .select({ platformId: gameSession.platformId, n: sql<number>`count(*)::int` })
    .from(gameSession)
    .where(and(eq(gameSession.userId, userId), isNull(gameSession.closedAt), gt(gameSession.lastSeenAt, idleSince)))
    .groupBy(gameSession.platformId);
  return new Map(out.map((r) => [r.platformId, Number(r.n)]));
}

/** The player's nickname, as providers show it. */
export async function nicknameOf(x: Executor, userId: number): Promise<string> {
  const [row] = await rows<{ nickname: string }>(x, sql`select nickname from app_user where id = ${userId}`);
  return row?.nickname ?? '';
}
