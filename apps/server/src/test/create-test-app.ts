import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../db/seed/index.ts';
import { ManualClock } from '../lib/clock.ts';
import { createPasswordHasher } from '../lib/secrets.ts';

export const TEST_DB = process.env.TEST_DB === 'pg' ? 'pg' : 'pglite';
export const TEST_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function isPgReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: TEST_PG_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const pgMissing = TEST_DB === 'pg' && !(await isPgReachable());
if (pgMissing) {
  if (process.env.PLAYHALL_REQUIRE_PG === '1') throw new Error(`PostgreSQL not reachable at ${TEST_PG_URL} and PLAYHALL_REQUIRE_PG=1`);
  console.warn(`⚠ PostgreSQL not reachable at ${TEST_PG_URL}: server:pg tests SKIPPED`);
}

/** `describe` for suites that need the test database; skipped loudly when PostgreSQL is missing. */
export const describeDb = describe.skipIf(pgMissing);

/** A fresh PostgreSQL database with a random name on the test server, and how to drop it. */
export async function createScratchPgDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ManualClock;
  config: Config;
  close(): Promise<void>;
}

/** The operator API token of test apps. */
export const TEST_OPERATOR_TOKEN = 'test-operator-token-0123456789abcdef';

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ NODE_ENV: 'test', SMS_PROVIDER: 'dev', PLAYER_DIST: '/nonexistent-player-dist', OPERATOR_TOKEN: TEST_OPERATOR_TOKEN });
  return { ...base, rateLimit: { globalPerMin: 100_000, authPerMin: 100_000, smsPerMin: 100_000, accountPerMin: 100_000 }, ...overrides };
}

/**
 * A real app on a real, fresh database: in-memory PGlite, or a new PostgreSQL database with a
 * random name (dropped on close) when TEST_DB=pg. Migrated and seeded like production.
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12, 0, 0));
  let database: Database;
  let dropDatabase = async () => {};
  if (TEST_DB === 'pg') {
    const scratch = await createScratchPgDatabase('playhall_test');
    database = await openDatabase({ url: scratch.url });
    dropDatabase = scratch.drop;
  } else {
    database = await openDatabase({ memory: true });
  }
  const hasher = createPasswordHasher(config.argon2);
  await migrate(database);
  await seed(database.db, { demo: true, hashPassword: hasher.hash, now: clock.now() });
  const app = await buildApp({ database, config, clock, hasher });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    async close() {
      await app.close();
      await database.close();
      await dropDatabase();
    },
  };
}

// Tests read response data loosely; the app itself checks every response against the contract
// schema in NODE_ENV=test, so a wrong shape already fails the call.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export interface CallResult<T = Loose> {
  status: number;
  code: number;
  msg: string;
  data: T;
  headers: Record<string, unknown>;
}

/** POSTs a call the way the player app does: JSON body with the common fields, optional token. */
export async function call<T = Loose>(app: FastifyInstance, path: string, body: Record<string, unknown> = {}, token?: string): Promise<CallResult<T>> {
  const res = await app.inject({
    method: 'POST',
    url: `/app/v1/${path}`,
    payload: { channel: 'WEB', appVersion: '1.1.2', platform: 0, ...body },
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const json = res.json() as { code: number; msg: string; data: T };
  return { status: res.statusCode, code: json.code, msg: json.msg, data: json.data, headers: res.headers };
}

/** Changes one app_config row the way an operator would. */
export async function setAppConfig(database: Database, key: string, value: unknown): Promise<void> {
  const { appConfig } = await import('../db/schema.ts');
  const { eq } = await import('drizzle-orm');
  await database.db.update(appConfig).set({ value }).where(eq(appConfig.key, key));
}

/** Counts rows of a table, to prove a refused call changed nothing. */
export async function countRows(database: Database, table: string): Promise<number> {
  const { sql } = await import('drizzle-orm');
  const res = (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
  return Number(res.rows[0]?.n);
}
