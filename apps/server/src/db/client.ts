import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema.ts';
import { lockDataDir, type DirLock } from './lock.ts';
import { watchWrites, type WriteGeneration } from './write-generation.ts';

/** The driver-neutral Drizzle database: PGlite and node-postgres share every query we write. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  kind: 'pglite' | 'pg';
  db: Db;
  /**
   * PGlite: the write generation of the one connection (decision 059), for views kept while nothing
   * was written; null on PostgreSQL, whose other connections and instances this process cannot watch.
   */
  writes: WriteGeneration | null;
  /**
   * Runs fn on one connection holding a PostgreSQL advisory lock (PGlite has one connection, so
   * it needs none). `run` executes raw SQL text, several statements allowed, and returns the rows
   * of the last one. Used by the migrator.
   */
  withLockedConnection<T>(key: number, fn: (run: RawRunner) => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  /** The PostgreSQL pool's connections (for /metrics); null on PGlite, which has one. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

export type RawRunner = (sqlText: string) => Promise<Record<string, unknown>[]>;

/** `memory` may start from a data directory dumped by PGlite's dumpDataDir (the tests' migrated template). */
export type DatabaseOptions = { url: string } | { dataDir: string } | { memory: true; loadDataDir?: Blob };

/** Opens PostgreSQL (pool) when given a URL, otherwise embedded PGlite (file-backed, locked, or in memory). */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if ('url' in opts) return openPg(opts.url);
  let lock: DirLock | undefined;
  if ('dataDir' in opts) lock = lockDataDir(opts.dataDir);
  try {
    const client = 'dataDir' in opts ? new PGlite(opts.dataDir) : new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
    await client.waitReady;
    const writes = watchWrites(client);
    const db: Db = drizzlePglite(client, { schema });
    return {
      kind: 'pglite',
      db,
      writes,
      withLockedConnection: (_key, fn) =>
        fn(async (text) => {
          const results = await client.exec(text);
          return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
        }),
      ping: () => ping(db),
      poolStats: () => null,
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw err;
  }
}

async function openPg(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db: Db = drizzlePg(pool, { schema });
  await pool.query('select 1');
  return {
    kind: 'pg',
    db,
    writes: null,
    withLockedConnection: async (key, fn) => {
      const conn = await pool.connect();
      try {
        await conn.query('select pg_advisory_lock($1)', [key]);
        try {
          return await fn(async (text) => {
            const res = (await conn.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
            const last = Array.isArray(res) ? res.at(-1) : res;
            return (last?.rows ?? []) as Record<string, unknown>[];
          });
        } finally {
          await conn.query('select pg_advisory_unlock($1)', [key]);
        }
      } finally {
        conn.release();
      }
    },
    ping: () => ping(db),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
