/**
 * Ledger throughput against pgbench TPC-B on the same PostgreSQL, in the same run.
 *
 *   npm run bench   (all benchmarks; BENCH_ONLY=ledger npm run bench or npx tsx bench/ledger-bench.ts for this one)
 *   env: BENCH_SECONDS=10 BENCH_RUNS=3 BENCH_CLIENTS=8,32 BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres, BENCH_KEEP=1 keeps the scratch databases
 *
 * For each run and each client count the two workloads alternate (interleaved, so drift in a
 * noisy machine hits both); the table reports medians. Also measures embedded PGlite. Its section
 * goes to docs/benchmarks.md (bench/report.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import * as schema from '../apps/server/src/db/schema.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { transfer, HOUSE_SHARDS, type TransferInput } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { dropDatabases, findPgbench, freshDatabases, initTpcb, median, pgbench, RUNS, SECONDS, urlFor } from './pg-tools.ts';
import { isMain, runAndRecord, today, type BenchResult, type Goal } from './report.ts';

const CLIENTS = (process.env.BENCH_CLIENTS ?? '8,32').split(',').map(Number);
const PLAYERS = 2_000;
const FUNDING = 100_000_000; // hundredths per player: no bet in a run can run a player dry
const LEDGER_DB = 'playhall_bench_ledger';
const PGBENCH_DB = 'playhall_bench_tpcb';

let seq = 0;
/** A game-round-like mix: half bets (player → provider), half wins (provider → player). */
function nextTransfer(tag: string): TransferInput {
  const player = 1 + Math.floor(Math.random() * PLAYERS);
  const amount = 100 + Math.floor(Math.random() * 900);
  const bet = Math.random() < 0.5;
  const sign = bet ? -1 : 1;
  return {
    idempotencyKey: `bench:${tag}:${seq++}`,
    reason: bet ? 'bet' : 'win',
    reference: `round:${seq}`,
    entries: [
      { account: { player: playerIds[player - 1]!, book: 'coin' }, asset: 'coin', amount: sign * amount },
      { account: { house: 'provider:bench' }, asset: 'coin', amount: -sign * amount },
    ],
  };
}
let playerIds: number[] = [];

interface Load {
  tps: number;
  p50: number;
  p99: number;
  failed: number;
  /** Transfers per database call (group commit at work); 0 where calls are not counted. */
  perCall: number;
}

/** Database calls sent through the bench's PostgreSQL pool (counted, not changed). */
let calls = 0;

async function drive(db: Db, clients: number, seconds: number, tag: string): Promise<Load> {
  const until = performance.now() + seconds * 1000;
  const lat: number[] = [];
  let failed = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      try {
        await transfer(db, nextTransfer(tag));
        lat.push(performance.now() - t0);
      } catch {
        failed++;
      }
    }
  };
  const start = performance.now();
  const calls0 = calls;
  await Promise.all(Array.from({ length: clients }, worker));
  const elapsed = (performance.now() - start) / 1000;
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(lat.length * p))] ?? 0;
  return { tps: lat.length / elapsed, p50: q(0.5), p99: q(0.99), failed, perCall: calls > calls0 ? (lat.length + failed) / (calls - calls0) : 0 };
}

async function seedPlayers(db: Db): Promise<void> {
  const res = (await db.execute(sql`insert into app_user (uuid, nickname, account_type, invite_code, created_at, updated_at)
      select gen_random_uuid(), 'bench' || g, 2, 'B' || g, now(), now() from generate_series(1, ${PLAYERS}) g returning id`)) as unknown as {
    rows: { id: number | string }[];
  };
  playerIds = res.rows.map((r) => Number(r.id));
  for (const id of playerIds) {
    await transfer(db, {
      idempotencyKey: `bench:fund:${id}`,
      reason: 'deposit',
      entries: [
        { account: { player: id, book: 'coin' }, asset: 'coin', amount: FUNDING },
        { account: { house: 'clearing:bench' }, asset: 'coin', amount: -FUNDING },
      ],
    });
  }
}

async function benchPglite(): Promise<Load> {
  const dir = mkdtempSync(join(tmpdir(), 'playhall-bench-'));
  const database = await openDatabase({ dataDir: join(dir, 'data') });
  try {
    await migrate(database);
    await seedPlayers(database.db);
    await database.db.execute(sql`analyze`);
    await drive(database.db, 8, 2, 'pglite-warm');
    return await drive(database.db, 8, SECONDS, 'pglite');
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function benchLedger(): Promise<BenchResult> {
  const { bin, version } = await findPgbench();
  console.log(`Preparing ${PGBENCH_DB} (pgbench -i -s 8) and ${LEDGER_DB} ...`);
  await initTpcb(bin, PGBENCH_DB);
  await freshDatabases(LEDGER_DB);

  const maxClients = Math.max(...CLIENTS);
  const setup = await openDatabase({ url: urlFor(LEDGER_DB) });
  await migrate(setup);
  await setup.close();
  const pool = new pg.Pool({ connectionString: urlFor(LEDGER_DB), max: maxClients });
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  (pool as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    calls++;
    return query(...args);
  };
  const db = drizzle(pool, { schema }) as unknown as Db;
  await seedPlayers(db);
  // A live database has statistics; a freshly filled one must get them before plans are cached.
  await db.execute(sql`analyze`);
  await drive(db, maxClients, 10, 'warm');

  const results: Record<number, { tpcb: number[]; ledger: Load[] }> = {};
  for (const c of CLIENTS) results[c] = { tpcb: [], ledger: [] };
  try {
    for (let r = 1; r <= RUNS; r++) {
      for (const c of CLIENTS) {
        // Alternate which goes first so neither always gets the warmer cache.
        const order = r % 2 ? ['tpcb', 'ledger'] : ['ledger', 'tpcb'];
        for (const which of order) {
          if (which === 'tpcb') {
            const { tps } = await pgbench(bin, PGBENCH_DB, c);
            results[c]!.tpcb.push(tps);
            console.log(`run ${r} clients ${c}: pgbench TPC-B ${tps.toFixed(0)} tps`);
          } else {
            const load = await drive(db, c, SECONDS, `r${r}c${c}`);
            results[c]!.ledger.push(load);
            console.log(
              `run ${r} clients ${c}: ledger ${load.tps.toFixed(0)} transfers/s, p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, ` +
                `${load.perCall.toFixed(1)} transfers per call, failed ${load.failed}`,
            );
          }
        }
      }
    }
  } finally {
    await pool.end();
  }
  console.log('PGlite ...');
  const lite = await benchPglite();
  console.log(`PGlite: ${lite.tps.toFixed(0)} transfers/s`);

  const check = new pg.Client({ connectionString: urlFor(LEDGER_DB) });
  await check.connect();
  const bad = await check.query(`select count(*)::int as n from ledger_account a
     left join (select account_id, sum(amount) s from ledger_entry group by account_id) e on e.account_id = a.id
     where a.balance <> coalesce(e.s, 0)`);
  const { rows: server } = await check.query('select version() as v');
  await check.end();
  if (!process.env.BENCH_KEEP) {
    await dropDatabases(PGBENCH_DB, LEDGER_DB);
  }

  const rows = CLIENTS.map((c) => {
    const t = median(results[c]!.tpcb);
    const l = median(results[c]!.ledger.map((x) => x.tps));
    const p99 = median(results[c]!.ledger.map((x) => x.p99));
    const perCall = median(results[c]!.ledger.map((x) => x.perCall));
    const failed = results[c]!.ledger.reduce((n, x) => n + x.failed, 0);
    const spread = (xs: number[]) => `${(((Math.max(...xs) - Math.min(...xs)) / median(xs)) * 100).toFixed(0)} %`;
    const ledgerSpread = spread(results[c]!.ledger.map((x) => x.tps));
    const tpcbSpread = spread(results[c]!.tpcb);
    return { c, t, l, p99, perCall, failed, ledgerSpread, tpcbSpread, ratio: l / t, runs: results[c]!.ledger.map((x) => x.tps.toFixed(0)).join(' / '), tpcbRuns: results[c]!.tpcb.map((x) => x.toFixed(0)).join(' / ') };
  });
  const at = (c: number) => rows.find((x) => x.c === c);
  const r8 = at(8);
  const r32 = at(32);
  const throughput: Goal[] = [
    { goal: '≥ 1.5× TPC-B at 8 clients', measured: r8 ? `${r8.ratio.toFixed(2)}×` : 'no 8-client run', met: r8 ? r8.ratio >= 1.5 : null },
    { goal: '32 clients ≥ 0.9× the 8-client figure', measured: r8 && r32 ? `${(r32.l / r8.l).toFixed(2)}×` : 'needs 8 and 32 clients', met: r8 && r32 ? r32.l / r8.l >= 0.9 : null },
  ];
  const goals = throughput.filter((g) => g.met !== null).map((g) => `- ${g.goal}: **${g.measured}** — ${g.met ? 'met' : 'NOT met'}`);
  const consistent = bad.rows[0].n === 0;
  const summary: Goal[] = [
    ...throughput,
    { goal: 'ledger check after the runs', measured: consistent ? 'ok' : `${bad.rows[0].n} accounts differ`, met: consistent },
  ];

  const md = `## Ledger transfers vs pgbench TPC-B (PostgreSQL)

Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB. Server: ${String(server[0]?.v).split(',')[0]}; ${version}.
Each figure is the median of ${RUNS} interleaved runs of ${SECONDS} s. TPC-B: \`pgbench -n -c N -j 2 -T ${SECONDS}\` on a scale-8 database.
Ledger: \`transfer()\` from \`modules/ledger/ledger.service.ts\` in one Node process with a pool of N connections, N concurrent callers;
each transfer is a bet or a win between one of ${PLAYERS} funded players and the house book \`provider:bench\` (${HOUSE_SHARDS} shards), with a fresh idempotency key.

| Clients | TPC-B tps | Ledger transfers/s | Ratio | Ledger p99 | Transfers per call | Ledger runs | TPC-B runs |
|---:|---:|---:|---:|---:|---:|---|---|
${rows.map((x) => `| ${x.c} | ${x.t.toFixed(0)} | ${x.l.toFixed(0)} | ${x.ratio.toFixed(2)}× | ${x.p99.toFixed(1)} ms | ${x.perCall.toFixed(1)} | ${x.runs} | ${x.tpcbRuns} |`).join('\n')}

Goals:
${goals.join('\n')}

Reading the table: every caller waits for its own durable commit (\`synchronous_commit\` on) before it
sends its next transfer. \`transfer()\` sends what queued while a call was in flight as the next call, so
one commit carries many transfers (group commit): ${rows.map((x) => `${x.perCall.toFixed(1)} per call at ${x.c} clients`).join(', ')}.
A second call opens only when 8 or more transfers are waiting (decision record 007, addendum). A TPC-B
transaction is seven round trips from pgbench (begin, three updates, a select, an insert, commit).
Run-to-run spread (highest minus lowest, over the median): ${rows.map((x) => `${x.c} clients: ledger ${x.ledgerSpread}, TPC-B ${x.tpcbSpread}`).join('; ')}.
The machine is shared, so other work during a run shows up as spread.${rows.some((x) => x.failed > 0) ? ` Failed transfers: ${rows.map((x) => `${x.failed} at ${x.c} clients`).join(', ')}.` : ''}

After the runs every ledger account still equalled the sum of its entries: ${consistent ? 'yes' : `NO (${bad.rows[0].n} accounts differ)`}.

### Embedded PGlite

Same workload, file-backed PGlite (one connection, 8 concurrent callers queued on it), ${SECONDS} s: **${lite.tps.toFixed(0)} transfers/s** (p99 ${lite.p99.toFixed(1)} ms).
PGlite runs without fsync (decision record 007): use PostgreSQL for real money.
`;
  return { id: 'ledger', markdown: md, goals: summary, ok: consistent, full: RUNS >= 3 && SECONDS >= 10, date: today() };
}

if (isMain(import.meta.url)) process.exit(await runAndRecord([['ledger', benchLedger]]));
