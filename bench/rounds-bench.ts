/**
 * Game rounds per second through the seamless wallet against pgbench TPC-B on the same
 * PostgreSQL, in the same run (issue 4, Benchmarks).
 *
 *   npx tsx bench/rounds-bench.ts   (env: BENCH_SECONDS=10 BENCH_RUNS=3 BENCH_CLIENTS=8,32 BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres
 *                                    BENCH_BASELINE=<git revision>)
 *
 * A round is what a provider sends for one spin: a signed HTTP `bet`, then a signed HTTP `win`
 * that ends the round, both ledgered, each answered only after its commit. The app listens on a
 * real socket in this process; N clients (keep-alive connections) each play rounds back to back
 * for one of 2,000 funded players with an open session of the `originals` platform. TPC-B and
 * rounds alternate within each run; the ratio is the median of the runs' ratios. Prints a markdown section; `npm run bench`
 * (bench/run.ts) writes it to docs/benchmarks.md.
 *
 * BENCH_BASELINE measures a change to the database functions before and after in the same run: each
 * run also plays rounds with the function files as they were at that revision (those that differ
 * from the working tree, swapped in with CREATE OR REPLACE on the same database, then swapped back),
 * so both sides share the machine's moment, the data and the TPC-B figure they are divided by.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { ProviderSignatureHeader, ProviderTimestampHeader, ProviderWalletPrefix } from '@playhall/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import type { Executor } from '../apps/server/src/db/tx.ts';
import { signHmac } from '../apps/server/src/lib/hmac-signature.ts';
import { HOUSE_SHARDS, transfer } from '../apps/server/src/modules/ledger/ledger.service.ts';
import * as walletRepo from '../apps/server/src/modules/game-wallet/game-wallet.repo.ts';
import { createGameSessionsService } from '../apps/server/src/modules/game-wallet/game-sessions.service.ts';
import { moneyCall, type Platform } from '../apps/server/src/modules/game-wallet/provider-wallet.service.ts';
import { dropDatabases, findPgbench, freshDatabases, initTpcb, median, pgbench, RUNS, SECONDS, urlFor, walBytes } from './pg-tools.ts';
import { KeepAliveConnection } from './keep-alive-connection.ts';
import { isMain, today, type BenchResult } from './report.ts';

const CLIENTS = (process.env.BENCH_CLIENTS ?? '8,32').split(',').map(Number);
const PLAYERS = 2_000;
const FUNDING = 100_000_000;
const ROUNDS_DB = 'playhall_bench_rounds';
const PGBENCH_DB = 'playhall_bench_rounds_tpcb';
const PLATFORM = 'originals';
const GAME = 'slot';
const BASELINE = process.env.BENCH_BASELINE?.trim() || null;
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FUNCTIONS = join(ROOT, 'apps/server/src/db/functions');

/** Function files as they are now and as they were at `rev`, for those that differ (both exist). */
function functionVersions(rev: string): { files: string[]; before: string[]; after: string[] } {
  const files: string[] = [];
  const before: string[] = [];
  const after: string[] = [];
  const paths = (readdirSync(FUNCTIONS, { recursive: true }) as string[]).filter((f) => f.endsWith('.sql')).sort();
  for (const f of paths) {
    const path = relative(ROOT, join(FUNCTIONS, f));
    const now = readFileSync(join(FUNCTIONS, f), 'utf8');
    let then: string;
    try {
      then = execFileSync('git', ['show', `${rev}:${path}`], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      continue;
    }
    if (then === now) continue;
    files.push(path);
    before.push(then);
    after.push(now);
  }
  if (!files.length) throw new Error(`BENCH_BASELINE=${rev}: no function file differs from the working tree`);
  return { files, before, after };
}

/** Calls per statement in the cost sweep (see statementCost). */
const SWEEP = [1, 2, 4, 8, 16];

/** A provider's connection: each call signed as providers sign them, sent over one keep-alive connection. */
export class ProviderConnection {
  private readonly conn: KeepAliveConnection;

  constructor(
    port: number,
    private readonly secret: string,
  ) {
    this.conn = new KeepAliveConnection(port);
  }

  /** A signed call; resolves with the parsed answer. */
  async post(action: string, body: object): Promise<{ status: string; error?: string; sessionToken?: string }> {
    const raw = JSON.stringify(body);
    const ts = String(Math.floor(Date.now() / 1000));
    const signed = `${ProviderTimestampHeader}: ${ts}\r\n${ProviderSignatureHeader}: ${signHmac(this.secret, ts, raw)}\r\n`;
    return JSON.parse(await this.conn.post(`${ProviderWalletPrefix}/${PLATFORM}/${action}`, raw, signed)) as { status: string; error?: string; sessionToken?: string };
  }

  close(): void {
    this.conn.close();
  }
}

export interface Load {
  rps: number;
  /** WAL bytes per completed round (the whole server's WAL over the run). */
  walPerRound: number;
  p50: number;
  p99: number;
  failed: number;
}

/**
 * One statement's cost: a straight line through the sweep (least squares), cost = fixed + perCall × calls,
 * in milliseconds as measured, or in TPC-B transactions once divided by one.
 */
interface StatementCost {
  fixed: number;
  perCall: number;
  /** Per statement, at each size of SWEEP. */
  each: number[];
}

/**
 * What one game_wallet_calls statement costs by its number of calls, with nothing else running:
 * one connection sends statements one after another (half bets opening fresh rounds, half the wins
 * that end them), through the service's own repository call. Milliseconds per statement.
 */
async function statementCost(db: Executor, platform: Platform, tokens: string[], seconds: number): Promise<StatementCost> {
  let seq = 0;
  const each: number[] = [];
  for (const size of SWEEP) {
    const until = performance.now() + seconds * 1000;
    const start = performance.now();
    let statements = 0;
    while (performance.now() < until) {
      const round = `cost-${Date.now()}-${seq++}`;
      const now = new Date();
      const of = (action: 'bet' | 'win') =>
        Array.from({ length: size }, (_, k) =>
          moneyCall(
            platform,
            action,
            { sessionToken: tokens[(seq * size + k) % tokens.length]!, roundId: `${round}-${k}`, transactionId: `${action}-${round}-${k}` },
            { gameCode: action === 'bet' ? GAME : null, amount: '100', endsRound: action === 'win' },
            now,
          ),
        );
      for (const action of ['bet', 'win'] as const) {
        const outs = await walletRepo.calls(db, of(action), seq % HOUSE_SHARDS);
        if (outs.some((o) => o.error !== undefined)) throw new Error(`statement cost: a call was refused: ${JSON.stringify(outs)}`);
        statements++;
      }
    }
    each.push((performance.now() - start) / statements);
  }
  const n = SWEEP.length;
  const mx = SWEEP.reduce((a, b) => a + b, 0) / n;
  const my = each.reduce((a, b) => a + b, 0) / n;
  const perCall = SWEEP.reduce((a, x, i) => a + (x - mx) * (each[i]! - my), 0) / SWEEP.reduce((a, x) => a + (x - mx) ** 2, 0);
  return { fixed: my - perCall * mx, perCall, each };
}

/** `count` players (app_user rows), each funded with FUNDING coin from a bench clearing account; their ids. */
export async function fundedPlayers(db: Executor, count = PLAYERS): Promise<number[]> {
  const res = (await db.execute(sql`insert into app_user (uuid, nickname, account_type, invite_code, created_at, updated_at)
      select gen_random_uuid(), 'bench' || g, 2, 'R' || g, now(), now() from generate_series(1, ${count}) g returning id`)) as unknown as { rows: { id: string }[] };
  const players = res.rows.map((r) => Number(r.id));
  await Promise.all(
    players.map((id) =>
      transfer(db, {
        idempotencyKey: `bench:fund:${id}`,
        reason: 'deposit',
        entries: [
          { account: { player: id, book: 'coin' }, asset: 'coin', amount: FUNDING },
          { account: { house: 'clearing:bench' }, asset: 'coin', amount: -FUNDING },
        ],
      }),
    ),
  );
  return players;
}

/**
 * One open session of the `originals` slot per player, made the way a player's startGame and the
 * game's authenticate make it (authenticate sent through `conn`): the session tokens, and the game.
 */
export async function openSessions(db: Db, conn: ProviderConnection, players: number[]): Promise<{ gameRow: { id: number; platform_id: number }; tokens: string[] }> {
  const sessions = createGameSessionsService({ db, clock: { now: () => new Date() } });
  const found = (await db.execute(sql`select g.id, p.id as platform_id from game g join game_platform p on p.id = g.platform_id where p.code = ${PLATFORM} and g.code = ${GAME}`)) as unknown as {
    rows: { id: number; platform_id: number }[];
  };
  const gameRow = found.rows[0];
  if (!gameRow) throw new Error('the originals slot is not in the catalogue');
  const tokens: string[] = [];
  for (const userId of players) {
    const launch = await sessions.createLaunch({ userId, gameId: gameRow.id, gameCode: GAME, platformCode: PLATFORM, launchUrl: '/originals/play', mode: 'real', lang: 'en-US' });
    const launchToken = new URL(launch.url, 'http://x').searchParams.get('token')!;
    const auth = await conn.post('authenticate', { launchToken });
    if (auth.status !== 'OK' || !auth.sessionToken) throw new Error(`authenticate failed: ${JSON.stringify(auth)}`);
    tokens.push(auth.sessionToken);
  }
  return { gameRow, tokens };
}

/** `clients` clients (the first of `connections`) play rounds back to back for `seconds`, spread over the sessions' tokens. */
export async function driveRounds(connections: ProviderConnection[], tokens: string[], clients: number, seconds: number): Promise<Load> {
  const until = performance.now() + seconds * 1000;
  const lat: number[] = [];
  let failed = 0;
  const worker = async (w: number) => {
    const conn = connections[w]!;
    let i = w;
    while (performance.now() < until) {
      const sessionToken = tokens[i % tokens.length]!;
      i += clients;
      const roundId = randomUUID();
      const t0 = performance.now();
      const bet = await conn.post('bet', { sessionToken, transactionId: `b-${roundId}`, roundId, gameCode: GAME, amount: 100 + Math.floor(Math.random() * 900) });
      const win = await conn.post('win', { sessionToken, transactionId: `w-${roundId}`, roundId, amount: Math.random() < 0.5 ? 0 : 150, endRound: true });
      if (bet.status === 'OK' && win.status === 'OK') lat.push(performance.now() - t0);
      else failed++;
    }
  };
  const walBefore = await walBytes();
  const start = performance.now();
  await Promise.all(Array.from({ length: clients }, (_, w) => worker(w)));
  const elapsed = (performance.now() - start) / 1000;
  const wal = Number((await walBytes()) - walBefore);
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(lat.length * p))] ?? 0;
  return { rps: lat.length / elapsed, walPerRound: wal / Math.max(1, lat.length), p50: q(0.5), p99: q(0.99), failed };
}

export async function benchRounds(): Promise<BenchResult> {
  const { bin, version } = await findPgbench();
  console.log(`Preparing ${PGBENCH_DB} (pgbench -i -s 8) and ${ROUNDS_DB} ...`);
  await initTpcb(bin, PGBENCH_DB);
  await freshDatabases(ROUNDS_DB);

  const maxClients = Math.max(...CLIENTS);
  const database = await openDatabase({ url: urlFor(ROUNDS_DB) });
  await migrate(database);
  await seed(database.db, { demo: true, hashPassword: async (p) => `bench:${p}` });
  const db = database.db;
  const players = await fundedPlayers(db);
  await db.execute(sql`analyze`);

  const config = { ...loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', SMS_PROVIDER: 'log', PLAYER_DIST: '/nonexistent', DATA_DIR: '/tmp/playhall-rounds-bench' }), operatorToken: null };
  const app = await buildApp({ database, config });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  const secret = config.originalsProviderSecret;
  const connections = Array.from({ length: maxClients }, () => new ProviderConnection(port, secret));

  const { gameRow, tokens } = await openSessions(db, connections[0]!, players);

  const drive = (clients: number, seconds: number) => driveRounds(connections, tokens, clients, seconds);

  // Warm up, then give the planner the statistics of tables that now hold rounds: plans made on the
  // empty tables of a fresh database (the pool's connections keep them) scanned game_transaction
  // and game_round whole (measured: 0.18× before this, 0.25× after).
  await drive(maxClients, 5);
  await db.execute(sql`analyze`);
  const results: Record<number, { tpcb: number[]; tpcbWal: number[]; rounds: Load[]; baseline: Load[] }> = {};
  for (const c of CLIENTS) results[c] = { tpcb: [], tpcbWal: [], rounds: [], baseline: [] };
  const versions = BASELINE ? functionVersions(BASELINE) : null;
  if (versions) console.log(`baseline ${BASELINE}: ${versions.files.join(', ')}`);
  /** Puts one version of the differing function files in place, in one transaction. */
  const use = async (texts: string[]) => {
    await db.transaction(async (tx) => {
      for (const text of texts) await tx.execute(sql.raw(text));
    });
  };
  /** Per run: one statement's cost, in TPC-B transactions of one client (the same run's pgbench -c 1). */
  const costs: StatementCost[] = [];
  try {
    for (let r = 1; r <= RUNS; r++) {
      const { tps: tps1 } = await pgbench(bin, PGBENCH_DB, 1);
      const ms = await statementCost(db, { id: gameRow.platform_id, code: PLATFORM }, tokens, SECONDS / SWEEP.length);
      const tx = 1000 / tps1;
      costs.push({ fixed: ms.fixed / tx, perCall: ms.perCall / tx, each: ms.each.map((m) => m / tx) });
      console.log(`run ${r}: TPC-B 1 client ${tps1.toFixed(0)} tps; a statement of n calls ${ms.fixed.toFixed(2)} ms + n × ${ms.perCall.toFixed(3)} ms`);
      for (const c of CLIENTS) {
        const legs = versions ? ['tpcb', 'baseline', 'rounds'] : ['tpcb', 'rounds'];
        // Rotated from run to run, so no leg always follows the same one.
        const order = legs.map((_, i) => legs[(i + r) % legs.length]!);
        for (const which of order) {
          if (which === 'tpcb') {
            const { tps, walPerTx } = await pgbench(bin, PGBENCH_DB, c);
            results[c]!.tpcb.push(tps);
            results[c]!.tpcbWal.push(walPerTx);
            console.log(`run ${r} clients ${c}: pgbench TPC-B ${tps.toFixed(0)} tps`);
          } else {
            if (versions && which === 'baseline') await use(versions.before);
            const load = await drive(c, SECONDS);
            if (versions && which === 'baseline') await use(versions.after);
            results[c]![which === 'baseline' ? 'baseline' : 'rounds'].push(load);
            console.log(`run ${r} clients ${c}${which === 'baseline' ? ` (${BASELINE})` : ''}: ${load.rps.toFixed(0)} rounds/s, p50 ${load.p50.toFixed(1)} ms, p99 ${load.p99.toFixed(1)} ms, failed ${load.failed}`);
          }
        }
      }
    }
  } finally {
    for (const c of connections) c.close();
    await app.close();
  }

  const server = ((await db.execute(sql`select version() as v`)) as unknown as { rows: { v: string }[] }).rows;
  const { checkLedger } = await import('../apps/server/src/modules/ledger/ledger-check.ts');
  const check = await checkLedger(db);
  await database.close();
  if (!process.env.BENCH_KEEP) {
    await dropDatabases(PGBENCH_DB, ROUNDS_DB);
  }

  const rows = CLIENTS.map((c) => {
    const t = median(results[c]!.tpcb);
    const l = median(results[c]!.rounds.map((x) => x.rps));
    // Each run's rounds against the TPC-B measured next to it: a busy moment hits the pair, so the
    // median of these ratios moves less than a ratio of the two medians.
    const ratios = results[c]!.rounds.map((x, i) => x.rps / results[c]!.tpcb[i]!);
    return {
      c,
      t,
      l,
      ratio: median(ratios),
      ratioRuns: ratios.map((x) => x.toFixed(2)).join(' / '),
      p99: median(results[c]!.rounds.map((x) => x.p99)),
      walRound: median(results[c]!.rounds.map((x) => x.walPerRound)),
      walTx: median(results[c]!.tpcbWal),
      runs: results[c]!.rounds.map((x) => x.rps.toFixed(0)).join(' / '),
      tpcbRuns: results[c]!.tpcb.map((x) => x.toFixed(0)).join(' / '),
      failed: results[c]!.rounds.reduce((n, x) => n + x.failed, 0),
    };
  });
  const r8 = rows.find((x) => x.c === 8);
  // Before and after, per run against the same run's TPC-B, then the median of the runs' changes.
  const compared = versions
    ? CLIENTS.map((c) => {
        const res = results[c]!;
        const before = res.baseline.map((x, i) => x.rps / res.tpcb[i]!);
        const after = res.rounds.map((x, i) => x.rps / res.tpcb[i]!);
        const change = after.map((a, i) => a / before[i]!);
        return {
          c,
          beforeRps: median(res.baseline.map((x) => x.rps)),
          afterRps: median(res.rounds.map((x) => x.rps)),
          before: median(before),
          after: median(after),
          change: median(change),
          runs: change.map((x) => x.toFixed(2)).join(' / '),
          failed: res.baseline.reduce((n, x) => n + x.failed, 0),
        };
      })
    : [];
  const cost = {
    fixed: median(costs.map((x) => x.fixed)),
    perCall: median(costs.map((x) => x.perCall)),
    each: SWEEP.map((_, i) => median(costs.map((x) => x.each[i]!))),
  };
  const markdown = `## Game rounds vs pgbench TPC-B (PostgreSQL)

Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB. Server: ${String(server[0]?.v).split(',')[0]}; ${version}.
${RUNS} interleaved runs of ${SECONDS} s; the ratio is the median of each run's rounds/s over its TPC-B tps, the rates are medians. A round: a signed HTTP \`bet\` then a signed HTTP \`win\` with \`endRound\`, over keep-alive
sockets to the app in the same process, ${PLAYERS} players with open \`${PLATFORM}\` sessions. TPC-B: \`pgbench -n -c N -j 2 -T ${SECONDS}\`, scale 8.

| Clients | TPC-B tps | Rounds/s | Ratio | Round p99 | WAL per round | WAL per TPC-B tx | Round runs | TPC-B runs | Ratio runs |
|---:|---:|---:|---:|---:|---:|---:|---|---|---|
${rows.map((x) => `| ${x.c} | ${x.t.toFixed(0)} | ${x.l.toFixed(0)} | ${x.ratio.toFixed(2)}× | ${x.p99.toFixed(1)} ms | ${(x.walRound / 1024).toFixed(1)} KiB | ${(x.walTx / 1024).toFixed(2)} KiB | ${x.runs} | ${x.tpcbRuns} | ${x.ratioRuns} |`).join('\n')}

WAL per round and per TPC-B transaction is the server's WAL over the run divided by what completed (medians): unlike the
rates, it barely moves from run to run, and on this machine the WAL flush is what both workloads wait for (decision 011).

### One statement's cost (what sets the 8-client figure)

One connection, nothing else running: \`game_wallet_calls\` statements one after another (bets opening rounds, then the wins ending
them), through the service's repository call, against \`pgbench -c 1\` TPC-B in the same run. Medians of ${RUNS} runs, in TPC-B transactions of one client:

| Calls per statement | ${SWEEP.join(' | ')} | Fixed part | Per call |
|---|${SWEEP.map(() => '---:').join('|')}|---:|---:|
| One statement, in TPC-B transactions | ${cost.each.map((x) => x.toFixed(2)).join(' | ')} | ${cost.fixed.toFixed(2)} | ${cost.perCall.toFixed(3)} |

At 8 clients a statement holds about 4 calls: the clients answered by one commit send their next calls together, while the
other half wait in the statement after it. A call then costs ${(cost.fixed / 4 + cost.perCall).toFixed(2)} TPC-B transactions of one connection's time, a round twice that,
before the HTTP side; decision 011's appendix (docs/decisions/011-seamless-wallet-measurements.md) works out what 1.0× would need.

${
    versions
      ? `### Before and after a change to the database functions

Each run also played rounds with ${versions.files.map((f) => `\`${f.split('/').pop()}\``).join(', ')} as at \`${BASELINE}\` (swapped in on the same
database for that leg, then back), so both sides share the run's moment, data and TPC-B figure. Change = after's ratio over before's, per run; the median of the runs.

| Clients | Before rounds/s | After rounds/s | Before ratio | After ratio | Change | Change runs |
|---:|---:|---:|---:|---:|---:|---|
${compared.map((x) => `| ${x.c} | ${x.beforeRps.toFixed(0)} | ${x.afterRps.toFixed(0)} | ${x.before.toFixed(2)}× | ${x.after.toFixed(2)}× | ${x.change.toFixed(2)}× | ${x.runs} |`).join('\n')}

Goal after ≥ 0.9× before: ${compared.map((x) => `${x.c} clients **${x.change.toFixed(2)}×** (${x.change >= 0.9 ? 'met' : 'NOT met'})`).join(', ')}.${compared.some((x) => x.failed > 0) ? ` Failed rounds before: ${compared.map((x) => x.failed).join(', ')}.` : ''}

`
      : ''
  }Goal ≥ 1.0× TPC-B: ${rows.map((x) => `${x.c} clients **${x.ratio.toFixed(2)}×** (${x.ratio >= 1 ? 'met' : 'NOT met'})`).join(', ')}.${rows.some((x) => x.failed > 0) ? ` Failed rounds: ${rows.map((x) => x.failed).join(', ')}.` : ''}
Ledger check after the runs: ${check.ok ? 'ok' : 'DIFFERENCES FOUND'}.
`;
  return {
    id: 'rounds',
    markdown,
    goals: [
      { goal: '≥ 1.0× TPC-B at 8 clients', measured: r8 ? `${r8.ratio.toFixed(2)}×` : 'no 8-client run', met: r8 ? r8.ratio >= 1 : null },
      ...compared.map((x) => ({ goal: `≥ 0.9× before the change at ${x.c} clients`, measured: `${x.change.toFixed(2)}×`, met: x.change >= 0.9 })),
      { goal: 'ledger check after the runs', measured: check.ok ? 'ok' : 'differences found', met: check.ok },
    ],
    ok: check.ok,
    full: RUNS >= 3 && SECONDS >= 10,
    date: today(),
  };
}

if (isMain(import.meta.url)) {
  benchRounds().then(
    (r) => {
      console.log(`\n${r.markdown}`);
      process.exit(r.ok ? 0 : 1);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
