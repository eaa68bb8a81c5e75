import { randomBytes } from 'node:crypto';
import { AppError, ErrorCode } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import { MINUTE, type Clock } from '../../lib/clock.ts';
import { sha256 } from '../../lib/secrets.ts';
import * as repo from './game-sessions.repo.ts';

/** An unused launch token stops working after this long: the game exchanges it as it loads. */
export const LAUNCH_TTL_MS = 2 * MINUTE;
/** A game session with no bet, balance call or heartbeat for this long is expired. */
export const SESSION_IDLE_MS = 30 * MINUTE;

export type GameMode = 'real' | 'demo';

export interface LaunchInput {
  /** Null only for a logged-out visitor's demo. */
  userId: number | null;
  gameId: number;
  gameCode: string;
  platformCode: string;
  /** The platform's launch URL: a path on this server (/originals/play) or an https URL. */
  launchUrl: string;
  mode: GameMode;
  lang: string;
}

export interface Launch {
  url: string;
  /** ISO time the launch token stops working if unused. */
  expiresAt: string;
}

/** A session as the provider protocol sees it. */
export type GameSession = repo.SessionLookup;

const LANG = /^[a-z]{2,3}(-[A-Za-z]{2,4})?$/;

/** A token of 32 random bytes (base64url, 43 characters); only its hash is stored. */
const newToken = () => randomBytes(32).toString('base64url');

/**
 * Game sessions: one-time launch tokens (startGame), their exchange for a session token by the
 * provider (authenticate), and the session's life (heartbeats, exit, idle expiry).
 */
export function createGameSessionsService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const idleSince = (now: Date) => new Date(now.getTime() - SESSION_IDLE_MS);

  return {
    /**
     * A launch URL for the game's iframe, carrying a one-time token bound to the player, the game
     * and the mode, valid for 2 minutes. Throws gameNotFound when the game is not the platform's,
     * unauthorized for real play without a player.
     */
    async createLaunch(input: LaunchInput): Promise<Launch> {
      if (input.mode === 'real' && input.userId === null) throw new AppError(ErrorCode.unauthorized);
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + LAUNCH_TTL_MS);
      const lang = LANG.test(input.lang) ? input.lang : 'en-US';
      const token = newToken();
      const stored = await repo.insertLaunch(db, {
        tokenHash: sha256(token),
        userId: input.userId,
        gameId: input.gameId,
        platformCode: input.platformCode,
        mode: input.mode,
        lang,
        now,
        expiresAt,
      });
      if (!stored) throw new AppError(ErrorCode.gameNotFound);
      const query = new URLSearchParams({ token, mode: input.mode, lang });
      const url = `${input.launchUrl.replace(/\/+$/, '')}/${encodeURIComponent(input.gameCode)}?${query.toString()}`;
      return { url, expiresAt: expiresAt.toISOString() };
    },

    /** The `online` heartbeat: keeps the player's open sessions of the game alive (expired ones stay expired). */
    async touch(userId: number, gameId: number): Promise<void> {
      const now = clock.now();
      await repo.touchOpen(db, userId, gameId, now, idleSince(now));
    },

    /** exitGame: closes the player's open sessions of the game (or of every game). Answers how many were open. */
    async close(userId: number, gameId?: number): Promise<number> {
      const now = clock.now();
      return repo.closeOpen(db, userId, { gameId }, now, idleSince(now));
    },

    /** retrieveBalance: closes the player's open sessions at one platform (or at all). */
    async closeAtPlatform(userId: number, platformId?: number): Promise<number> {
      const now = clock.now();
      return repo.closeOpen(db, userId, { platformId }, now, idleSince(now));
    },

    /** The player's open sessions per platform id. */
    async openCounts(userId: number): Promise<Map<number, number>> {
      return repo.openCountsByPlatform(db, userId, idleSince(clock.now()));
    },

    /**
     * The provider's authenticate: uses the launch token up (once, within its 2 minutes, at the
     * platform it was made for) and opens a session. Null when the token is not usable.
     */
    async authenticate(platformId: number, launchToken: string): Promise<{ sessionToken: string; session: GameSession } | null> {
      const now = clock.now();
      const sessionToken = newToken();
      const id = await withTx(db, async (tx) => {
        const launch = await repo.consumeLaunch(tx, sha256(launchToken), platformId, now);
        if (!launch) return null;
        // Demo play is anonymous towards the provider, even for a logged-in player.
        const playerRef = launch.mode === 'demo' ? `demo-${randomBytes(8).toString('hex')}` : String(launch.userId);
        return repo.insertSession(tx, { tokenHash: sha256(sessionToken), userId: launch.userId, playerRef, gameId: launch.gameId, platformId, mode: launch.mode, now });
      });
      if (id === null) return null;
      const session = await repo.findSession(db, sha256(sessionToken), platformId);
      if (!session) throw new Error(`game session ${id} vanished`);
      return { sessionToken, session };
    },

    /** A session by its token at a platform, closed or expired ones included (wins still need their player). */
    async find(platformId: number, sessionToken: string): Promise<GameSession | null> {
      return repo.findSession(db, sha256(sessionToken), platformId);
    },

    /** Open: not closed and active within the last 30 minutes. */
    isOpen(session: GameSession): boolean {
      return session.closedAt === null && session.lastSeenAt.getTime() > idleSince(clock.now()).getTime();
    },

    /** Records activity (a bet or a balance call) on an open session. */
    async keepAlive(sessionId: number): Promise<void> {
      await repo.touchSessionById(db, sessionId, clock.now());
    },

    nicknameOf: (userId: number) => repo.nicknameOf(db, userId),
  };
}
export type GameSessionsService = ReturnType<typeof createGameSessionsService>;
