/**
 * What the PostgreSQL benchmarks share: the admin connection (BENCH_PG_URL), scratch databases,
 * pgbench TPC-B as the baseline measured in the same run, WAL accounting and medians.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';

export const run = promisify(execFile);
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const RUNS = Number(process.env.BENCH_RUNS ?? 3);
export const ADMIN_URL = process.env.BENCH_PG_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The connection URL of another database on the same server. */
export function urlFor(db: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${db}`;
  return u.toString();
}

async function adminQuery<T extends pg.QueryResultRow>(q: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return (await c.query<T>(q)).rows;
  } finally {
    await c.end();
  }
}

export async function dropDatabases(...names: string[]): Promise<void> {
  for (const n of names) await adminQuery(`DROP DATABASE IF EXISTS ${n} WITH (FORCE)`);
}

/** Empty databases with these names (dropped first if they exist). */
export async function freshDatabases(...names: string[]): Promise<void> {
  await dropDatabases(...names);
  for (const n of names) await adminQuery(`CREATE DATABASE ${n}`);
}

/** Bytes of WAL the server has written so far: read before and after a workload, it tells what one unit of it costs. */
export async function walBytes(): Promise<bigint> {
  const [row] = await adminQuery<{ b: string }>(`select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as b`);
  return BigInt(row!.b.split('.')[0]!);
}

function pgEnv(): NodeJS.ProcessEnv {
  const u = new URL(ADMIN_URL);
  return { ...process.env, PGHOST: u.hostname, PGPORT: u.port || '5432', PGUSER: decodeURIComponent(u.username || 'postgres'), PGPASSWORD: decodeURIComponent(u.password) };
}

/** pgbench and its version line. */
export async function findPgbench(): Promise<{ bin: string; version: string }> {
  for (const bin of ['/usr/lib/postgresql/15/bin/pgbench', 'pgbench']) {
    try {
      const { stdout } = await run(bin, ['--version']);
      return { bin, version: stdout.trim() };
    } catch {
      /* try the next */
    }
  }
  throw new Error('pgbench not found (install postgresql-contrib or put it on PATH)');
}

/** A scale-8 TPC-B database in `db` (made fresh). */
export async function initTpcb(bin: string, db: string): Promise<void> {
  await freshDatabases(db);
  await run(bin, ['-i', '-q', '-s', '8', db], { env: pgEnv() });
}

/** TPC-B for SECONDS with N clients: transactions per second and WAL bytes per transaction. */
export async function pgbench(bin: string, db: string, clients: number): Promise<{ tps: number; walPerTx: number }> {
  const before = await walBytes();
  const { stdout } = await run(bin, ['-n', '-c', String(clients), '-j', '2', '-T', String(SECONDS), db], { env: pgEnv() });
  const wal = Number((await walBytes()) - before);
  const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout) ?? /tps = ([\d.]+)/.exec(stdout);
  const n = /number of transactions actually processed: (\d+)/.exec(stdout);
  if (!m || !n) throw new Error(`cannot read pgbench output:\n${stdout}`);
  return { tps: Number(m[1]), walPerTx: wal / Number(n[1]) };
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
