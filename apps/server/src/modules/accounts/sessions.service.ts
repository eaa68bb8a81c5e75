import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Executor } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { DAY, MINUTE } from '../../lib/clock.ts';
import { newSessionToken, sha256 } from '../../lib/secrets.ts';
import type { SessionInfo } from '../../plugins/app/endpoints.ts';
import * as repo from './sessions.repo.ts';
import { createRevocationFeed, SessionCache, type CachedSession, type RevocationFeed } from './session-cache.ts';

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
  /**
   * Null, or a promise that resolves once this instance's revocations came back from the
   * database's notification queue, i.e. were sent to every instance (awaited before each answer).
   */
  unsettled(): Promise<void> | null;
  /** The cache (tests read it) and the feed of revocations (started when the app is ready). */
  readonly cache: SessionCache;
  readonly feed: RevocationFeed;
  /** Waits for the last-seen writes in flight (the app's close). */
  drain(): Promise<void>;
}

export interface SessionServiceOptions {
  /** The instance's database notifications (revocations from the other instances). */
  changes: ChangeFeed;
  /** The cache's safety-net maximum age; 0 turns the cache off (every call reads the session row). */
  cacheMaxAgeMs: number;
  log?: FastifyBaseLogger;
}

/**
 * Opaque random tokens; only their SHA-256 is stored, so a database leak yields no usable token.
 * Sessions are cached by token hash (decision 036); every revocation empties the cache of that
 * user's sessions on every instance before it answers.
 */
export function createSessionService(database: Database, clock: Clock, opts: SessionServiceOptions): SessionService {
  const { db } = database;
  const { log } = opts;
  const cache = new SessionCache(opts.cacheMaxAgeMs);
  const feed = createRevocationFeed(database, opts.changes, cache);
  const touching = new Set<Promise<void>>();

  /**
   * last_seen_at, at most once a minute per session and instance: sent at once but not awaited,
   * so the call answers without waiting for it (on PostgreSQL it runs on another connection).
   */
  function touch(entry: CachedSession, nowMs: number): void {
    if (nowMs - entry.lastSeenMs < TOUCH_EVERY_MS) return;
    entry.lastSeenMs = nowMs;
    const p = repo
      .touchSession(db, entry.sessionId, new Date(nowMs))
      .catch((err: unknown) => log?.warn({ err }, 'session touch failed'))
      .finally(() => touching.delete(p));
    touching.add(p);
  }

  /** Each revoking statement notifies with a fresh nonce, which every listener acknowledges. */
  const nonce = () => randomBytes(8).toString('hex');
  function revoked(n: string, userIds: number[]): void {
    if (userIds.length > 0) feed.revoked(userIds, n);
  }

  return {
    async issue(x, userId, meta) {
      const token = newSessionToken();
      const sessionId = await repo.insertSession(x, { userId, tokenHash: sha256(token), now: clock.now(), ...meta });
      return { token, sessionId };
    },

    async resolve(token) {
      const hash = sha256(token);
      const nowMs = clock.now().getTime();
      const hit = cache.get(hash, nowMs);
      if (hit) {
        if (nowMs - hit.lastSeenMs < SESSION_IDLE_MS) {
          touch(hit, nowMs);
          return { sessionId: hit.sessionId, userId: hit.userId };
        }
        // Idle by what this instance knows; another instance may have seen it since: read the row.
        cache.forget(hash);
      }
      // This instance's own last-seen writes land first, so a re-read never sees an older time than
      // this instance already knows (a touch is at most once a minute per session: rarely a wait).
      if (touching.size > 0) await Promise.all([...touching]);
      const ticket = cache.ticket();
      const row = await repo.findSessionByHash(db, hash);
      if (!row || row.revokedAt) return null;
      const entry: CachedSession = { sessionId: row.id, userId: row.userId, lastSeenMs: row.lastSeenAt.getTime(), readAtMs: nowMs };
      if (nowMs - entry.lastSeenMs >= SESSION_IDLE_MS) return null;
      touch(entry, nowMs);
      cache.fill(hash, entry, ticket);
      return { sessionId: row.id, userId: row.userId };
    },

    async revoke(sessionId) {
      const n = nonce();
      revoked(n, await repo.revokeSession(db, sessionId, clock.now(), n));
    },
    async revokeAllOf(x, userId, keepSessionId) {
      const n = nonce();
      revoked(n, await repo.revokeUserSessions(x, userId, clock.now(), n, keepSessionId));
    },
    unsettled: () => feed.unsettled(),
    cache,
    feed,
    async drain() {
      await Promise.all([...touching]);
    },
  };
}

/**
 * The session service's part of the app's life: the revocation feed starts when the app is ready
 * (so the cache fills only once revocations can be heard) and stops at close, after the last-seen
 * writes in flight; every answer waits for this instance's own revocations to settle (no wait when
 * there are none).
 */
export function mountSessions(app: FastifyInstance, sessions: SessionService): void {
  app.addHook('onReady', () => sessions.feed.start());
  app.addHook('onSend', (_req, _reply, payload, done) => {
    const wait = sessions.unsettled();
    if (!wait) return done(null, payload);
    // A failure to confirm (the database gone) is logged by the feed; the answer still goes out.
    const send = () => done(null, payload);
    void wait.then(send, send);
  });
  app.addHook('onClose', async () => {
    await sessions.feed.stop();
    await sessions.drain();
  });
}
