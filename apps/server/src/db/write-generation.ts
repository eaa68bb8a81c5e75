import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * PGlite's write generation (decision 059): a number that changes whenever anything but a view read
 * may have changed the database, so a value read from it can be kept while the number stays the same.
 * PGlite is one connection in this process (its data directory is locked, db/lock.ts): every writer
 * goes through this client, so watching the client misses none.
 */
export interface WriteGeneration {
  /** Changes (grows) before any statement other than a view read runs, and never otherwise. */
  readonly current: number;
  /**
   * Statements of this exact text sent through the client's `query` (outside a transaction) are view
   * reads: pure reads whose own execution leaves the generation as it is. A read's result is exact at
   * the generation it started at when the generation has not moved by the time it returns.
   */
  viewRead(text: string): void;
}

/** The query option that marks a view read down to PGlite's protocol calls (its query passes its options on). */
const VIEW_READ = Symbol('playhall.viewRead');

/** The generation of each watched client, for the repos that hold a Drizzle database only. */
const watched = new WeakMap<object, WriteGeneration>();

/** The write generation of this database's client: PGlite's when watched (db/client.ts), else null. */
export function writesOf(db: object): WriteGeneration | null {
  const client = (db as { $client?: unknown }).$client;
  return typeof client === 'object' && client !== null ? (watched.get(client) ?? null) : null;
}

const dialect = new PgDialect();

/**
 * Answers `query` marked as a view read on `x`'s PGlite client when it is one (decision 059: sent
 * outside a transaction, it leaves the write generation as it is); elsewhere it is `query` as it
 * was. Only for a pure read: a statement that may change anything must never be marked.
 */
export function viewReadOn<T extends SQL>(x: object, query: T): T {
  writesOf(x)?.viewRead(dialect.sqlToQuery(query).sql);
  return query;
}

type Loose = {
  query: (text: string, params?: unknown[], options?: Record<PropertyKey, unknown>) => Promise<unknown>;
  execProtocolStream: (message: Uint8Array, options?: Record<PropertyKey, unknown>) => Promise<unknown>;
  execProtocolRawSync: (message: Uint8Array) => Uint8Array;
};

/**
 * Watches a PGlite client: every protocol message it executes (`execProtocolRawSync`, which runs the
 * engine, synchronously: every statement, BEGIN and COMMIT, in a transaction or not, and any direct
 * protocol call) moves the generation first, except the messages of a view read (its query, marked,
 * runs them through `execProtocolStream`, which calls the engine synchronously). A change to the data
 * is thus always preceded by a move, in the same synchronous call, and PGlite runs one statement at a
 * time, so a view read that saw no move from its start to its end read one state that nothing has
 * changed since, as long as the generation is the same. Fails at start if the client lacks those methods
 * (a PGlite upgrade that renamed them must not silently miss writers).
 */
export function watchWrites(client: PGlite): WriteGeneration {
  const loose = client as unknown as Loose;
  for (const m of ['query', 'execProtocolStream', 'execProtocolRawSync'] as const) {
    if (typeof loose[m] !== 'function') throw new Error(`PGlite has no ${m}(): the write generation (db/write-generation.ts) cannot watch this version`);
  }
  let generation = 0;
  let inViewRead = 0;
  const texts = new Set<string>();
  const rawSync = loose.execProtocolRawSync.bind(client);
  const stream = loose.execProtocolStream.bind(client);
  const query = loose.query.bind(client);
  loose.execProtocolRawSync = (message) => {
    if (inViewRead === 0) generation++;
    return rawSync(message);
  };
  loose.execProtocolStream = (message, options) => {
    if (options?.[VIEW_READ] !== true) return stream(message, options);
    // The engine runs within this synchronous call (execProtocolStream → execProtocolRaw → execProtocolRawSync).
    inViewRead++;
    try {
      return stream(message, options);
    } finally {
      inViewRead--;
    }
  };
  loose.query = (text, params, options) => (texts.has(text) ? query(text, params, { ...options, [VIEW_READ]: true }) : query(text, params, options));
  const writes: WriteGeneration = {
    get current() {
      return generation;
    },
    viewRead(text) {
      texts.add(text);
    },
  };
  watched.set(client, writes);
  return writes;
}
