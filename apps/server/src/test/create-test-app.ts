import { randomBytes } from 'node:crypto';
import { openAsBlob } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { describe, inject } from 'vitest';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { syncFeeds } from '../db/change-feed.ts';
import { migrate } from '../db/migrate.ts';
import { ManualClock } from '../lib/clock.ts';
import { createPasswordHasher } from '../lib/secrets.ts';
import { isPgReachable, pgUrlFor, prepareTestDatabase } from './db-template.ts';
import { TEST_CLOCK_START, TEST_PG_URL, testConfig } from './test-config.ts';

export { TEST_OPERATOR_NAME, TEST_OPERATOR_TOKEN, TEST_PG_URL, testConfig } from './test-config.ts';

// Filled by global-setup.ts.
declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the PGlite template dump (server:pglite), null when not built. */
    pgliteTemplate: string | null;
    /** Name of the PostgreSQL template database (server:pg), null when PostgreSQL is missing. */
    pgTemplate: string | null;
  }
}

export const TEST_DB = process.env.TEST_DB === 'pg' ? 'pg' : 'pglite';

const pgMissing = TEST_DB === 'pg' && !(await isPgReachable());
if (pgMissing) {
  if (process.env.PLAYHALL_REQUIRE_PG === '1') throw new Error(`PostgreSQL not reachable at ${TEST_PG_URL} and PLAYHALL_REQUIRE_PG=1`);
  console.warn(`⚠ PostgreSQL not reachable at ${TEST_PG_URL}: server:pg tests SKIPPED`);
}

/** `describe` for suites that need the test database; skipped loudly when PostgreSQL is missing. */
export const describeDb = describe.skipIf(pgMissing);

/**
 * A fresh PostgreSQL database with a random name on the test server, and how to drop it. Empty,
 * or a copy of `template` (the run's migrated and seeded template, see db-template.ts).
 */
export async function createScratchPgDatabase(prefix: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  return {
    url: pgUrlFor(name),
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

/**
 * A real app on a real, fresh database: in-memory PGlite, or a new PostgreSQL database with a
 * random name (dropped on close) when TEST_DB=pg. Migrated and seeded like production: a copy of
 * the run's template (built once by global-setup.ts), or migrated and seeded here when the run
 * has none (a config without the global setup).
 */
export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const clock = new ManualClock(TEST_CLOCK_START);
  const template = TEST_DB === 'pg' ? inject('pgTemplate') : inject('pgliteTemplate');
  let database: Database;
  let dropDatabase = async () => {};
  if (TEST_DB === 'pg') {
    const scratch = await createScratchPgDatabase('playhall_test', template ?? undefined);
    database = await openDatabase({ url: scratch.url });
    dropDatabase = scratch.drop;
  } else {
    database = await openDatabase(template ? { memory: true, loadDataDir: await openAsBlob(template) } : { memory: true });
  }
  if (template) {
    // Applies a migration added since the template was built (a no-op otherwise).
    await migrate(database);
  } else {
    await prepareTestDatabase(database);
  }
  const hasher = createPasswordHasher(config.argon2);
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

/**
 * Changes one app_config row the way an operator would, and waits until every app on the database
 * heard the change (their configuration caches dropped it, decision 040).
 */
export async function setAppConfig(database: Database, key: string, value: unknown): Promise<void> {
  const { appConfig } = await import('../db/schema.ts');
  const { eq } = await import('drizzle-orm');
  await database.db.update(appConfig).set({ value }).where(eq(appConfig.key, key));
  await syncFeeds(database);
}

/** Counts rows of a table, to prove a refused call changed nothing. */
export async function countRows(database: Database, table: string): Promise<number> {
  const { sql } = await import('drizzle-orm');
  const res = (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
  return Number(res.rows[0]?.n);
}
