import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../db/seed/index.ts';
import { createPasswordHasher } from '../lib/secrets.ts';
import { TEST_CLOCK_START, TEST_PG_URL, testConfig } from './test-config.ts';

// Opening, migrating and seeding a database costs seconds per test file, so each run builds one
// migrated and seeded template (a PGlite data directory dump, a PostgreSQL template database) and
// every test app starts from a copy. Templates are keyed on a hash of everything they are built
// from (the db folder: migrations, seed, schema, migrator; this file; the PGlite version), so a
// new or changed migration builds a new one; never commit one.

const HERE = dirname(fileURLToPath(import.meta.url));
const DB_DIR = join(HERE, '../db');
const ROOT = join(HERE, '../../../..');
const PGLITE_CACHE = join(ROOT, '.cache/test-db');
/** Templates of other keys are removed once this old (another run may still be copying them). */
const STALE_AFTER_MS = 60 * 60 * 1000;
/** Serialises template builds across concurrent runs on the same PostgreSQL server. */
const TEMPLATE_LOCK_KEY = 7_401_122;
const PG_TEMPLATE_PREFIX = 'playhall_tpl_';

/** Migrates and seeds a database the way every test app starts. */
export async function prepareTestDatabase(database: Database): Promise<void> {
  await migrate(database);
  await seed(database.db, { demo: true, hashPassword: createPasswordHasher(testConfig().argon2).hash, now: new Date(TEST_CLOCK_START) });
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))
    .filter((f) => !f.endsWith('.test.ts'))
    .sort();
}

/** A short hash of every input of the template; it names the template. */
export function templateKey(): string {
  const h = createHash('sha256');
  for (const file of [...filesUnder(DB_DIR), fileURLToPath(import.meta.url), join(HERE, 'test-config.ts')]) {
    h.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  const pglitePkg = join(ROOT, 'node_modules/@electric-sql/pglite/package.json');
  h.update(existsSync(pglitePkg) ? String(JSON.parse(readFileSync(pglitePkg, 'utf8')).version) : 'pglite');
  return h.digest('hex').slice(0, 16);
}

export async function isPgReachable(): Promise<boolean> {
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

export function pgUrlFor(database: string): string {
  const url = new URL(TEST_PG_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * The path of a dump (PGlite dumpDataDir, uncompressed tar) of a migrated and seeded PGlite
 * database, built when no dump of the current key exists. Written under a temporary name and
 * renamed, so concurrent runs never read half a file.
 */
export async function buildPgliteTemplate(): Promise<string> {
  const key = templateKey();
  const file = join(PGLITE_CACHE, `pglite-${key}.tar`);
  if (existsSync(file)) return file;
  mkdirSync(PGLITE_CACHE, { recursive: true });
  const dir = mkdtempSync(join(tmpdir(), 'playhall-template-'));
  try {
    const database = await openDatabase({ dataDir: dir });
    try {
      await prepareTestDatabase(database);
    } finally {
      await database.close();
    }
    const client = await PGlite.create(dir);
    const dump = await client.dumpDataDir('none');
    await client.close();
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()));
    renameSync(partial, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const name of readdirSync(PGLITE_CACHE)) {
    const path = join(PGLITE_CACHE, name);
    if (path !== file && Date.now() - statSync(path).mtimeMs > STALE_AFTER_MS) rmSync(path, { force: true });
  }
  return file;
}

/**
 * The name of a migrated and seeded PostgreSQL template database (CREATE DATABASE … TEMPLATE
 * copies it), built when none of the current key exists. Marked IS_TEMPLATE only once complete.
 */
export async function buildPgTemplate(): Promise<string> {
  const name = `${PG_TEMPLATE_PREFIX}${templateKey()}`;
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    const { rows } = await admin.query<{ datistemplate: boolean }>('select datistemplate from pg_database where datname = $1', [name]);
    if (rows[0]?.datistemplate) return name;
    // Left by a build that stopped half-way (the lock rules out one still running).
    if (rows.length > 0) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    const database = await openDatabase({ url: pgUrlFor(name) });
    try {
      await prepareTestDatabase(database);
    } finally {
      await database.close();
    }
    await admin.query(`ALTER DATABASE ${name} WITH IS_TEMPLATE true`);
    await admin.query(`COMMENT ON DATABASE ${name} IS '${Date.now()}'`);
    await dropStalePgTemplates(admin, name);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]).catch(() => undefined);
    await admin.end();
  }
}

async function dropStalePgTemplates(admin: pg.Client, keep: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string; built: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as built from pg_database where datname like $1 and datname <> $2`,
    [`${PG_TEMPLATE_PREFIX}%`, keep],
  );
  for (const { datname, built } of rows) {
    if (built !== null && Date.now() - Number(built) < STALE_AFTER_MS) continue;
    try {
      await admin.query(`ALTER DATABASE ${datname} WITH IS_TEMPLATE false`);
      await admin.query(`DROP DATABASE ${datname}`);
    } catch {
      // Still being copied by another run: the next build removes it.
    }
  }
}
