import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { DAY, MINUTE } from '../../lib/clock.ts';
import { newSessionToken, sha256 } from '../../lib/secrets.ts';
import type { SessionInfo } from '../../plugins/app/endpoints.ts';
import * as repo from './sessions.repo.ts';

/** Idle expiry: a session unused for 30 days is dead (product rules §1). */
export const SESSION_IDLE_MS = 30 * DAY;
/** last_seen is written at most once a minute so busy sessions do not write on every call. */
const TOUCH_EVERY_MS = MINUTE;

export interface SessionMeta {
  ip: string | null;
  userAgent: string | null;
  deviceId: string | null;
}

export interface SessionService {
  issue(x: Executor, userId: number, meta: SessionMeta): Promise<{ token: string; sessionId: number }>;
  resolve(token: string): Promise<SessionInfo | null>;
  revoke(sessionId: number): Promise<void>;
  revokeAllOf(x: Executor, userId: number, keepSessionId?: number): Promise<void>;
}

/** Opaque random tokens; only their SHA-256 is stored, so a database leak yields no usable token. */
export function createSessionService(db: Db, clock: Clock, log?: FastifyBaseLogger): SessionService {
  return {
    async issue(x, userId, meta) {
      const token = newSessionToken();
      const sessionId = await repo.insertSession(x, { userId, tokenHash: sha256(token), now: clock.now(), ...meta });
      return { token, sessionId };
    },

    async resolve(token) {
      const row = await repo.findSessionByHash(db, sha256(token));
      if (!row || row.revokedAt) return null;
      const now = clock.now();
      const idle = now.getTime() - row.lastSeenAt.getTime();
      if (idle >= SESSION_IDLE_MS) return null;
      if (idle >= TOUCH_EVERY_MS) {
        await repo.touchSession(db, row.id, now).catch((err: unknown) => log?.warn({ err }, 'session touch failed'));
      }
      return { sessionId: row.id, userId: row.userId };
    },

    revoke: (sessionId) => repo.revokeSession(db, sessionId, clock.now()),
    revokeAllOf: (x, userId, keepSessionId) => repo.revokeUserSessions(x, userId, clock.now(), keepSessionId),
  };
}
