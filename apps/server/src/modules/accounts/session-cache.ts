import pg from 'pg';
import type { Database } from '../../db/client.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';

/**
 * The session cache (decision 036): token hash → the session fields the handlers use, so an
 * authenticated call needs no session statement. Bounded (least recently used out), every entry
 * re-read after `maxAgeMs` as a safety net, and emptied of a user's sessions as soon as any
 * instance revokes one of them (PostgreSQL: LISTEN/NOTIFY through the instance's change feed; PGlite: in this process).
 */

/** The channel the revoking statements notify (sessions.repo.ts); the payload is the user id. */
export const REVOKED_CHANNEL = 'playhall_session_revoked';
/** Entries kept at most (least recently used dropped first). */
export const SESSION_CACHE_ENTRIES = 50_000;

export interface CachedSession {
  sessionId: number;
  userId: number;
  /** last_seen_at as this instance knows it (it moves when this instance touches the row). */
  lastSeenMs: number;
  /** When it was read from the database; re-read once older than the maximum age. */
  readAtMs: number;
}

export class SessionCache {
  private readonly entries = new Map<string, CachedSession>();
  private readonly byUser = new Map<number, Set<string>>();
  /** Bumped by every drop: a read that began before it must not fill the cache. */
  private gen = 0;
  /** False while the revocations cannot be heard (listener down): every call reads the database. */
  private live: boolean;

  constructor(
    readonly maxAgeMs: number,
    readonly capacity = SESSION_CACHE_ENTRIES,
    live = true,
  ) {
    this.live = live && maxAgeMs > 0;
  }

  get usable(): boolean {
    return this.live;
  }

  get size(): number {
    return this.entries.size;
  }

  /** A ticket taken before reading the database; `fill` refuses it if anything was dropped since. */
  ticket(): number | null {
    return this.live ? this.gen : null;
  }

  get(hash: string, nowMs: number): CachedSession | null {
    if (!this.live) return null;
    const e = this.entries.get(hash);
    if (!e) return null;
    if (nowMs - e.readAtMs >= this.maxAgeMs || nowMs < e.readAtMs) {
      this.remove(hash, e);
      return null;
    }
    // Most recently used last.
    this.entries.delete(hash);
    this.entries.set(hash, e);
    return e;
  }

  fill(hash: string, entry: CachedSession, ticket: number | null): void {
    if (ticket === null || !this.live || ticket !== this.gen) return;
    const old = this.entries.get(hash);
    if (old) this.remove(hash, old);
    this.entries.set(hash, entry);
    let set = this.byUser.get(entry.userId);
    if (!set) this.byUser.set(entry.userId, (set = new Set()));
    set.add(hash);
    while (this.entries.size > this.capacity) {
      const [oldest, e] = this.entries.entries().next().value as [string, CachedSession];
      this.remove(oldest, e);
    }
  }

  forget(hash: string): void {
    const e = this.entries.get(hash);
    if (e) this.remove(hash, e);
  }

  /** Drops every cached session of these users (a revocation of one or all of their sessions). */
  dropUsers(userIds: Iterable<number>): void {
    this.gen++;
    for (const userId of userIds) {
      for (const hash of this.byUser.get(userId) ?? []) this.entries.delete(hash);
      this.byUser.delete(userId);
    }
  }

  clear(): void {
    this.gen++;
    this.entries.clear();
    this.byUser.clear();
  }

  /** Listener lost: empty and bypassed until `resume`. */
  suspend(): void {
    this.live = false;
    this.clear();
  }

  resume(): void {
    this.clear();
    this.live = this.maxAgeMs > 0;
  }

  private remove(hash: string, e: CachedSession): void {
    this.entries.delete(hash);
    const set = this.byUser.get(e.userId);
    set?.delete(hash);
    if (set?.size === 0) this.byUser.delete(e.userId);
  }
}

/** How revocations reach every instance's cache. */
export interface RevocationFeed {
  /** The cache is filled only once this resolves (PostgreSQL: LISTEN is in place). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * A revoking statement of these users ran, notifying `<userId>:<nonce>` (it goes out when it commits). Drops them
   * from this instance's cache now; on PGlite from every cache of this process on that database.
   */
  revoked(userIds: readonly number[], nonce: string): void;
  /** Null, or a promise that resolves once every listening instance acknowledged this instance's revocations. */
  unsettled(): Promise<void> | null;
}

/** In one process, the caches of every app instance on one PGlite database. */
const pgliteCaches = new WeakMap<object, Set<SessionCache>>();

/**
 * PostgreSQL: the instance's change feed (db/change-feed.ts) carries the revocations and their
 * acknowledgements; while it is not live the cache is emptied and bypassed. PGlite: in process.
 */
export function createRevocationFeed(database: Database, changes: ChangeFeed, cache: SessionCache): RevocationFeed {
  const client = (database.db as unknown as { $client: object }).$client;
  if (database.kind === 'pglite' || !(client instanceof pg.Pool)) {
    // One process owns a PGlite data directory (it is locked): every writer is in this process.
    return {
      start: async () => {
        let set = pgliteCaches.get(client);
        if (!set) pgliteCaches.set(client, (set = new Set()));
        set.add(cache);
      },
      stop: async () => {
        pgliteCaches.get(client)?.delete(cache);
      },
      revoked(userIds) {
        cache.dropUsers(userIds);
        for (const c of pgliteCaches.get(client) ?? []) c.dropUsers(userIds);
      },
      unsettled: () => null,
    };
  }
  // With its cache off an instance still acknowledges revocations: it listens for configuration
  // changes anyway, so the revoking instance counts its listener among those to wait for.
  return createPgFeed(changes, cache);
}

function createPgFeed(changes: ChangeFeed, cache: SessionCache): RevocationFeed {
  /** This instance's revocations not yet acknowledged by every listener: nonce → its wait, once begun. */
  const waiting = new Map<string, Promise<void> | null>();
  // Off until the feed is live (LISTEN in place).
  cache.suspend();
  changes.onLive((live) => {
    // Only once LISTEN is in place can every later revocation be heard: entries read from then on are safe to keep.
    if (live) cache.resume();
    else cache.suspend();
  });
  changes.on(REVOKED_CHANNEL, (payload) => {
    const [user, nonce] = payload.split(':');
    const userId = Number(user);
    if (Number.isSafeInteger(userId)) cache.dropUsers([userId]);
    else cache.clear();
    // Dropped: tell the instance that revoked (it answers once every listener said so).
    if (nonce) changes.ack(nonce);
  });

  return {
    // The change feed itself is started and stopped by the app (app.ts).
    start: async () => {},
    stop: async () => {},
    revoked(userIds, nonce) {
      cache.dropUsers(userIds);
      if (changes.live) {
        changes.expect(nonce);
        waiting.set(nonce, null);
      }
    },
    unsettled() {
      if (waiting.size === 0) return null;
      // Begun at the first answer after the revoking statement (its transaction committed by then); shared by every answer meanwhile.
      for (const [n, wait] of waiting) if (!wait) waiting.set(n, changes.settle([n]).finally(() => waiting.delete(n)));
      return Promise.all(waiting.values()).then(() => undefined);
    },
  };
}
