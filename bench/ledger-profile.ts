/**
 * Where the ledger's time goes: drives the bench workload for a few seconds against a scratch
 * database and reports throughput, latency, transfers per call and CPU of Node and PostgreSQL.
 * Not the benchmark (that is ledger-bench.ts, which compares against TPC-B); a tool to try a
 * change before paying for a full bench run.
 *
 *   npx tsx bench/ledger-profile.ts [mode] [clients] [seconds]
 *     mode: batcher (transfer(), default) or single (one postBatch call per transfer, no batching)
 *   env: BENCH_PG_URL (admin URL), PROFILE_FRESH=1 rebuilds the scratch database,
 *        LEDGER_LANES as for the server.
 */
import { readFileSync, readdirSync } from 'node:fs';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import * as schema from '../apps/server/src/db/schema.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { transfer, transferIn, HOUSE_SHARDS, type TransferInput } from '../apps/server/src/modules/ledger/ledger.service.ts';

const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'playhall_profile_ledger';
const PLAYERS = 2_000;
const mode = process.argv[2] ?? 'batcher';
const clients = Number(process.argv[3] ?? 8);
const seconds = Number(process.argv[4] ?? 5);

function urlFor(db: string): string {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${db}`;
  return u.toString();
}

/** CPU seconds (user + system) of every postgres process on this machine. */
function postgresCpu(): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const f = stat.slice(close + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      /* gone */
    }
  }
  return ticks / 100;
}

let playerIds: number[] = [];
let seq = 0;
const tag = Date.now().toString(36);
function nextTransfer(): TransferInput {
  const player = playerIds[Math.floor(Math.random() * playerIds.length)]!;
  const amount = 100 + Math.floor(Math.random() * 900);
  const bet = Math.random() < 0.5;
  const sign = bet ? -1 : 1;
  return {
    idempotencyKey: `prof:${tag}:${seq++}`,
    reason: bet ? 'bet' : 'win',
    reference: `round:${seq}`,
    entries: [
      { account: { player, book: 'coin' }, asset: 'coin', amount: sign * amount },
      { account: { house: 'provider:bench' }, asset: 'coin', amount: -sign * amount },
    ],
  };
}

async function prepare(): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [DB])).rowCount;
  if (process.env.PROFILE_FRESH && exists) await admin.query(`drop database ${DB} with (force)`);
  if (!exists || process.env.PROFILE_FRESH) await admin.query(`create database ${DB}`);
  await admin.end();
  const setup = await openDatabase({ url: urlFor(DB) });
  await migrate(setup);
  const have = (await setup.db.execute(sql`select id from app_user where nickname like 'bench%' order by id`)) as unknown as { rows: { id: string }[] };
  if (have.rows.length < PLAYERS) {
    const res = (await setup.db.execute(sql`insert into app_user (uuid, nickname, account_type, invite_code, created_at, updated_at)
        select gen_random_uuid(), 'bench' || g, 2, 'B' || g, now(), now() from generate_series(1, ${PLAYERS}) g returning id`)) as unknown as {
      rows: { id: string }[];
    };
    for (const { id } of res.rows) {
      await transferIn(setup.db, {
        idempotencyKey: `bench:fund:${id}`,
        reason: 'deposit',
        entries: [
          { account: { player: Number(id), book: 'coin' }, asset: 'coin', amount: 100_000_000 },
          { account: { house: 'clearing:bench' }, asset: 'coin', amount: -100_000_000 },
        ],
      });
    }
    await setup.db.execute(sql`analyze`);
    playerIds = res.rows.map((r) => Number(r.id));
  } else playerIds = have.rows.map((r) => Number(r.id));
  await setup.close();
}

async function drive(db: Db, secs: number): Promise<{ n: number; elapsed: number; lat: number[]; failed: number }> {
  const until = performance.now() + secs * 1000;
  const lat: number[] = [];
  let failed = 0;
  const one = mode === 'single' ? (t: TransferInput) => transferIn(db, t) : (t: TransferInput) => transfer(db, t);
  const worker = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      try {
        await one(nextTransfer());
        lat.push(performance.now() - t0);
      } catch (err) {
        if (failed++ === 0) console.error(err);
      }
    }
  };
  const start = performance.now();
  await Promise.all(Array.from({ length: clients }, worker));
  return { n: lat.length, elapsed: (performance.now() - start) / 1000, lat, failed };
}

async function main(): Promise<void> {
  await prepare();
  const pool = new pg.Pool({ connectionString: urlFor(DB), max: Math.max(clients, 2) });
  const db = drizzle(pool, { schema }) as unknown as Db;
  // Count calls (round trips) by watching the pool's query method.
  let calls = 0;
  const query = pool.query.bind(pool) as (...a: unknown[]) => unknown;
  (pool as unknown as { query: (...a: unknown[]) => unknown }).query = (...a: unknown[]) => {
    calls++;
    return query(...a);
  };
  await drive(db, 2);
  calls = 0;
  const cpu0 = process.cpuUsage();
  const pg0 = postgresCpu();
  const r = await drive(db, seconds);
  const cpu = process.cpuUsage(cpu0);
  const pgCpu = postgresCpu() - pg0;
  await pool.end();
  r.lat.sort((a, b) => a - b);
  const q = (p: number) => r.lat[Math.min(r.lat.length - 1, Math.floor(r.lat.length * p))] ?? 0;
  const tps = r.n / r.elapsed;
  console.log(
    `${mode} clients=${clients} lanes=${process.env.LEDGER_LANES ?? 'default'} shards=${HOUSE_SHARDS}: ${tps.toFixed(0)} transfers/s, ` +
      `p50 ${q(0.5).toFixed(2)} ms, p99 ${q(0.99).toFixed(2)} ms, failed ${r.failed}, transfers/call ${(r.n / Math.max(calls, 1)).toFixed(2)}, ` +
      `node CPU ${(((cpu.user + cpu.system) / 1e6 / r.elapsed) * 100).toFixed(0)}% (${(((cpu.user + cpu.system) / r.n)).toFixed(0)} µs/transfer), ` +
      `postgres CPU ${((pgCpu / r.elapsed) * 100).toFixed(0)}% (${((pgCpu * 1e6) / r.n).toFixed(0)} µs/transfer)`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
