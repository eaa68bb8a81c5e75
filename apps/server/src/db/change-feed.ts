import { randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from './client.ts';

/**
 * The database's notifications to this server instance (decisions 036 and 040): one listener per
 * instance for every in-process cache that must forget what another writer changed. PostgreSQL: a
 * dedicated connection outside the pool (`application_name` LISTENER_NAME, TCP keep-alive, a
 * heartbeat every 10 s, reconnects backing off from 0.1 s to 5 s); a notification sent by a
 * statement arrives when (and only if) its transaction commits. PGlite: the one process that owns
 * the data directory listens on its own instance, and a committing statement's notifications are
 * delivered before it resolves.
 *
 * While the feed is not live (not started yet, or the connection lost), a notification may be
 * missed: every cache that relies on it must be bypassed (and emptied) until it is live again.
 */
export interface ChangeFeed {
  /** Handlers run for every notification on the channel (added before `start`). */
  on(channel: string, handler: (payload: string, senderPid: number) => void): void;
  /** Called with false when notifications may have been missed (emptying caches), true once they are heard again. */
  onLive(handler: (live: boolean) => void): void;
  readonly live: boolean;
  /**
   * Acknowledged notifications (PostgreSQL): `expect(nonce)` before the notification carrying it is
   * sent; every instance's handler calls `ack(nonce)` once it acted on it; `settle(nonces)` resolves
   * once every listener open now acknowledged them all (at most 1 s, then a warning). No-ops on PGlite.
   */
  expect(nonce: string): void;
  ack(nonce: string): void;
  settle(nonces: string[]): Promise<void>;
  /**
   * Resolves once every instance has heard every notification of the transactions committed before
   * the call (a notification of ours, acknowledged by each listener, arrives after them in commit
   * order): a writer's answer waits for it so no instance serves the old value afterwards.
   */
  barrier(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** The listener connections' application_name: an instance counts its peers in pg_stat_activity. */
export const LISTENER_NAME = 'playhall-session-listener';
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/** A listener that stops answering (a connection dropped without a word) is found within this. */
const HEARTBEAT_MS = 10_000;
/** Barriers: every instance acknowledges each one on ACK_CHANNEL. */
const BARRIER_CHANNEL = 'playhall_barrier';
/** Each listener, having acted on a notification that carried a nonce, notifies the nonce here. */
const ACK_CHANNEL = 'playhall_ack';
/** How long a writer waits for every listener's acknowledgement before it goes on anyway. */
const ACK_TIMEOUT_MS = 1_000;

/** Every feed of this process by database: a writer in this process can wait until all of them heard its change. */
const feeds = new WeakMap<Database, Set<ChangeFeed>>();

/** A barrier through any live feed on `database`: every instance heard the changes committed so far (tests write configuration directly). */
export async function syncFeeds(database: Database): Promise<void> {
  await [...(feeds.get(database) ?? [])].find((f) => f.live)?.barrier();
}

type Handler = (payload: string, senderPid: number) => void;

/** What both kinds of feed share: the handlers by channel and the live-state listeners. */
interface Hub {
  on: ChangeFeed['on'];
  onLive: ChangeFeed['onLive'];
  channels(): string[];
  deliver(channel: string, payload: string, senderPid: number): void;
  setLive(live: boolean): void;
}

export function createChangeFeed(database: Database, log?: FastifyBaseLogger): ChangeFeed {
  const handlers = new Map<string, Handler[]>();
  const liveHandlers: ((live: boolean) => void)[] = [];
  const hub: Hub = {
    on: (channel, handler) => void handlers.set(channel, [...(handlers.get(channel) ?? []), handler]),
    onLive: (handler) => void liveHandlers.push(handler),
    channels: () => [...handlers.keys()],
    deliver: (channel, payload, pid) => {
      for (const h of handlers.get(channel) ?? []) h(payload, pid);
    },
    setLive: (live) => {
      for (const h of liveHandlers) h(live);
    },
  };
  const client = (database.db as unknown as { $client: object }).$client;
  const feed = database.kind === 'pglite' || !(client instanceof pg.Pool) ? pgliteFeed(client as PGlite, hub) : pgFeed(client, hub, log);
  let set = feeds.get(database);
  if (!set) feeds.set(database, (set = new Set()));
  set.add(feed);
  return feed;
}

function pgliteFeed(db: PGlite, hub: Hub): ChangeFeed {
  let live = false;
  const unlisten: (() => Promise<void>)[] = [];
  return {
    on: hub.on,
    onLive: hub.onLive,
    get live() {
      return live;
    },
    // One process, and notifications delivered before the writing statement resolves: nothing to wait for.
    expect: () => undefined,
    ack: () => undefined,
    settle: async () => {},
    barrier: async () => {},
    async start() {
      for (const channel of hub.channels()) unlisten.push(await db.listen(channel, (payload) => hub.deliver(channel, payload, 0)));
      live = true;
      hub.setLive(true);
    },
    async stop() {
      live = false;
      hub.setLive(false);
      for (const u of unlisten.splice(0)) await u().catch(() => undefined);
    },
  };
}

function pgFeed(pool: pg.Pool, hub: Hub, log?: FastifyBaseLogger): ChangeFeed {
  let listener: pg.Client | null = null;
  /** Nonces this instance waits on, and the listeners (backend pids) that acknowledged each. */
  const expected = new Map<string, Set<number>>();
  /** Woken by every acknowledgement and by a lost listener. */
  const wake = new Set<() => void>();
  const wakeAll = () => {
    for (const w of [...wake]) w();
  };
  const notify = (channel: string, payload: string) => {
    listener?.query('select pg_notify($1, $2)', [channel, payload]).catch(() => undefined);
  };
  hub.on(ACK_CHANNEL, (nonce, pid) => {
    const acks = expected.get(nonce);
    if (acks) {
      acks.add(pid);
      wakeAll();
    }
  });
  hub.on(BARRIER_CHANNEL, (nonce) => notify(ACK_CHANNEL, nonce));
  hub.onLive((live) => {
    if (!live) wakeAll();
  });

  async function settle(nonces: string[]): Promise<void> {
    try {
      const res = await pool
        .query<{ pid: number }>('select pid from pg_stat_activity where application_name = $1 and datname = current_database()', [LISTENER_NAME])
        .catch((err: unknown) => {
          log?.warn({ err }, 'database listener: cannot list the listeners to wait for');
          return { rows: [] };
        });
      const listeners = res.rows.map((r) => r.pid);
      const done = () => !listener || nonces.every((n) => listeners.every((pid) => expected.get(n)?.has(pid)));
      if (done()) return;
      let timer: NodeJS.Timeout | undefined;
      let check: (() => void) | undefined;
      const all = await new Promise<boolean>((resolve) => {
        check = () => {
          if (done()) resolve(true);
        };
        wake.add(check);
        timer = setTimeout(() => resolve(false), ACK_TIMEOUT_MS);
      });
      clearTimeout(timer);
      if (check) wake.delete(check);
      if (!all) {
        const missing = listeners.filter((pid) => !nonces.every((n) => expected.get(n)?.has(pid)));
        log?.warn({ missing }, 'database listener: some listeners did not acknowledge in time (a rolled-back write, or a listener about to be found lost)');
      }
    } finally {
      for (const n of nonces) expected.delete(n);
    }
  }
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let backoff = RECONNECT_MIN_MS;
  let heartbeat: NodeJS.Timeout | null = null;

  const lost = (why: unknown) => {
    if (!listener) return;
    const dead = listener;
    listener = null;
    dead.removeAllListeners('notification');
    dead.end().catch(() => undefined);
    hub.setLive(false);
    if (stopped) return;
    log?.warn({ err: why }, 'database listener lost: caches that rely on it are bypassed until it is back');
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
        log?.warn({ err }, 'database listener: reconnect failed');
        backoff = Math.min(backoff * 2, RECONNECT_MAX_MS);
        schedule();
      });
    }, backoff);
    retry.unref();
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({ ...pool.options, keepAlive: true, application_name: LISTENER_NAME });
    c.on('error', (err) => lost(err));
    c.on('end', () => lost(new Error('connection ended')));
    c.on('notification', (msg) => hub.deliver(msg.channel, msg.payload ?? '', msg.processId));
    try {
      await c.connect();
      await c.query(hub.channels().map((ch) => `LISTEN ${ch}`).join('; '));
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
    // Only now can every later notification be heard: caches may be filled from here on.
    hub.setLive(true);
  }

  return {
    on: hub.on,
    onLive: hub.onLive,
    get live() {
      return listener !== null;
    },
    expect(nonce) {
      if (listener) expected.set(nonce, new Set());
    },
    ack: (nonce) => notify(ACK_CHANNEL, nonce),
    settle,
    async barrier() {
      if (!listener) return;
      const nonce = randomBytes(8).toString('hex');
      expected.set(nonce, new Set());
      notify(BARRIER_CHANNEL, nonce);
      await settle([nonce]);
    },
    async start() {
      hub.setLive(false);
      try {
        await connect();
      } catch (err) {
        log?.warn({ err }, 'database listener: cannot connect; caches that rely on it are bypassed until it can');
        schedule();
      }
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (heartbeat) clearInterval(heartbeat);
      const c = listener;
      listener = null;
      hub.setLive(false);
      if (c) {
        c.removeAllListeners();
        c.on('error', () => undefined);
        await c.end().catch(() => undefined);
      }
    },
  };
}

/** Notified by every statement that writes a configuration table, with the table's name (db/functions/config). */
export const CONFIG_CHANNEL = 'playhall_config_changed';

export interface ConfigCache<K, T> {
  get(key: K): Promise<T>;
  /** Forgets every key (this instance's own committed change, to be read at once). */
  drop(): void;
}

/**
 * Values read from configuration tables, kept in process per key until a notification names one
 * of `tables` (decision 040): any instance's write, or a direct one, empties it everywhere once it
 * commits. While the feed is not live every get reads the database (nothing may be missed). A
 * read in flight when a change arrives still answers its callers, but is not kept.
 */
export function configCache<K, T>(changes: ChangeFeed, tables: readonly string[], read: (key: K) => Promise<T>): ConfigCache<K, T> {
  const kept = new Map<K, Promise<T>>();
  const drop = () => kept.clear();
  changes.on(CONFIG_CHANNEL, (table) => {
    if (tables.includes(table)) drop();
  });
  changes.onLive(drop);
  return {
    drop,
    get(key) {
      if (!changes.live) return read(key);
      const held = kept.get(key);
      if (held) return held;
      const reading = read(key);
      kept.set(key, reading);
      reading.catch(() => {
        if (kept.get(key) === reading) kept.delete(key);
      });
      return reading;
    },
  };
}
