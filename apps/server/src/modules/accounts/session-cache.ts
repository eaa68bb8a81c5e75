import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.ts';

/**
 * The session cache (decision 036): token hash → the session fields the handlers use, so an
 * authenticated call needs no session statement. Bounded (least recently used out), every entry
 * re-read after `maxAgeMs` as a safety net, and emptied of a user's sessions as soon as any
 * instance revokes one of them (PostgreSQL: LISTEN/NOTIFY; PGlite: in this process).
 */

/** The channel the revoking statements notify (sessions.repo.ts); the payload is the user id. */
export const REVOKED_CHANNEL = 'playhall_session_revoked';
/** Entries kept at most (least recently used dropped first). */
export const SESSION_CACHE_ENTRIES = 50_000;
/** Acknowledgements: each listener, having dropped a revocation's users, notifies its nonce here. */
export const ACK_CHANNEL = 'playhall_session_revoked_ack';
/** The listener connections' application_name: the revoking instance counts them in pg_stat_activity. */
export const LISTENER_NAME = 'playhall-session-listener';
/** How long a revoking request waits for every listener's acknowledgement before it answers anyway. */
const ECHO_TIMEOUT_MS = 1_000;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/** A listener that stops answering (a connection dropped without a word) is found within this. */
const HEARTBEAT_MS = 10_000;

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
  /** The listener's backend pid (PostgreSQL), for tests. */
  readonly listenerPid: number | null;
}

/** In one process, the caches of every app instance on one PGlite database. */
const pgliteCaches = new WeakMap<object, Set<SessionCache>>();

export function createRevocationFeed(database: Database, cache: SessionCache, log?: FastifyBaseLogger): RevocationFeed {
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
      listenerPid: null,
    };
  }
  // The cache turned off: nothing to drop, so no listener (and no acknowledgement to wait for).
  if (cache.maxAgeMs <= 0) return { start: async () => {}, stop: async () => {}, revoked: () => {}, unsettled: () => null, listenerPid: null };
  return createPgFeed(client, cache, log);
}

function createPgFeed(pool: pg.Pool, cache: SessionCache, log?: FastifyBaseLogger): RevocationFeed {
  let listener: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let backoff = RECONNECT_MIN_MS;
  let heartbeat: NodeJS.Timeout | null = null;
  /** This instance's revocations (by nonce) and the listeners (backend pids) that acknowledged them. */
  const published = new Map<string, Set<number>>();
  /** Woken by every acknowledgement. */
  const wake = new Set<() => void>();
  const wakeAll = () => {
    for (const w of [...wake]) w();
  };

  const lost = (why: unknown) => {
    if (!listener) return;
    const dead = listener;
    listener = null;
    cache.suspend();
    dead.removeAllListeners('notification');
    dead.end().catch(() => undefined);
    wakeAll();
    if (stopped) return;
    log?.warn({ err: why }, 'session revocation listener lost: the session cache is bypassed until it is back');
    schedule();
  };

  /** A query on the listener that does not answer in time counts as a lost connection. */
  const beat = () => {
    const c = listener;
    if (!c) return;
    let timer: NodeJS.Timeout | undefined;
    Promise.race([
      c.query('select 1'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('no answer to the heartbeat')), HEARTBEAT_MS / 2);
      }),
    ])
      .catch((err: unknown) => {
        if (listener === c) lost(err);
      })
      .finally(() => clearTimeout(timer));
  };

  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      connect().catch((err: unknown) => {
        log?.warn({ err }, 'session revocation listener: reconnect failed');
        backoff = Math.min(backoff * 2, RECONNECT_MAX_MS);
        schedule();
      });
    }, backoff);
    retry.unref();
  };

  function onNotification(c: pg.Client, msg: pg.Notification): void {
    const payload = msg.payload ?? '';
    if (msg.channel === ACK_CHANNEL) {
      const acks = published.get(payload);
      if (acks) {
        acks.add(msg.processId);
        wakeAll();
      }
      return;
    }
    if (msg.channel !== REVOKED_CHANNEL) return;
    const [user, nonce] = payload.split(':');
    const userId = Number(user);
    if (Number.isSafeInteger(userId)) cache.dropUsers([userId]);
    else cache.clear();
    // Dropped: tell the instance that revoked (it answers once every listener said so).
    if (nonce) c.query('select pg_notify($1, $2)', [ACK_CHANNEL, nonce]).catch(() => undefined);
  }

  async function connect(): Promise<void> {
    const c = new pg.Client({ ...pool.options, keepAlive: true, application_name: LISTENER_NAME });
    c.on('error', (err) => lost(err));
    c.on('end', () => lost(new Error('connection ended')));
    c.on('notification', (msg) => onNotification(c, msg));
    try {
      await c.connect();
      await c.query(`LISTEN ${REVOKED_CHANNEL}; LISTEN ${ACK_CHANNEL}`);
    } catch (err) {
      c.removeAllListeners();
      c.on('error', () => undefined);
      await c.end().catch(() => undefined);
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => undefined);
      return;
    }
    listener = c;
    backoff = RECONNECT_MIN_MS;
    heartbeat ??= setInterval(beat, HEARTBEAT_MS);
    heartbeat.unref();
    // Only now can every later revocation be heard: entries read from here on are safe to keep.
    cache.resume();
  }

  /**
   * Waits until every listening instance (every listener connection open now) acknowledged these
   * revocations, i.e. dropped the users from its cache; at most ECHO_TIMEOUT_MS.
   */
  async function settle(nonces: string[]): Promise<void> {
    try {
      const res = await pool
        .query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1 and datname = current_database()', [LISTENER_NAME])
        .catch((err: unknown) => {
          log?.warn({ err }, 'session revocation: cannot list the listeners to wait for');
          return { rows: [] };
        });
      const listeners = res.rows.map((r) => r.pid);
      const done = () => !listener || nonces.every((n) => listeners.every((pid) => published.get(n)?.has(pid)));
      if (done()) return;
      let timer: NodeJS.Timeout | undefined;
      let check: (() => void) | undefined;
      const all = await new Promise<boolean>((resolve) => {
        check = () => {
          if (done()) resolve(true);
        };
        wake.add(check);
        timer = setTimeout(() => resolve(false), ECHO_TIMEOUT_MS);
      });
      clearTimeout(timer);
      if (check) wake.delete(check);
      if (!all) {
        const missing = listeners.filter((pid) => !nonces.every((n) => published.get(n)?.has(pid)));
        log?.warn({ missing }, 'session revocation: some listeners did not acknowledge in time (a rolled-back revocation, or a listener about to be found lost)');
      }
    } finally {
      for (const n of nonces) published.delete(n);
    }
  }

  return {
    async start() {
      cache.suspend();
      try {
        await connect();
      } catch (err) {
        log?.warn({ err }, 'session revocation listener: cannot connect; the session cache is bypassed until it can');
        schedule();
      }
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (heartbeat) clearInterval(heartbeat);
      const c = listener;
      listener = null;
      cache.suspend();
      wakeAll();
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
    revoked(userIds, nonce) {
      cache.dropUsers(userIds);
      if (listener) published.set(nonce, new Set());
    },
    unsettled() {
      return published.size === 0 ? null : settle([...published.keys()]);
    },
    get listenerPid() {
      return (listener as unknown as { processID?: number } | null)?.processID ?? null;
    },
  };
}
