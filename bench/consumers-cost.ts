/**
 * What each event consumer costs per game round, measured in CPU time rather than rounds per second,
 * so the figure holds on a machine other work shares (the consumers benchmark's ratio does not).
 *
 *   npx tsx bench/consumers-cost.ts   (env: COST_SECONDS=6 COST_CLIENTS=8 COST_REPEATS=3, BENCH_PG_URL, BENCH_KEEP=1, BENCH_DB_NAME)
 *
 * One fresh PostgreSQL database with the consumers benchmark's activities (createBenchActivities).
 * Rounds are played through the provider protocol (bench/rounds-bench.ts's driver) on an app with
 * EVENT_CONSUMERS=off, measuring the round's own cost: this process's CPU (the server and the
 * driver) and the CPU of the database's backends (/proc/<pid>/stat: PostgreSQL runs on this machine).
 * Then each consumer alone drains those rounds' events from the cursor it had before them, through
 * the event runner, and then all of them in one runner as the app runs them (sharing reads,
 * decision 064; COST_PROFILE='all in one runner' profiles that), COST_REPEATS times (the cursor set back each time; its effects add up, as they
 * would on the players' existing rows): this process's CPU, the backends' CPU, the transactions
 * and the rows written (pg_stat_user_tables, read after the runner's connections closed), per round.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig, type Config } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { createEventRunner } from '../apps/server/src/modules/events/event-runner.ts';
import { createRewardsService } from '../apps/server/src/modules/rewards/rewards.service.ts';
import { createBenchActivities } from './consumers-bench.ts';
import { dropDatabases, freshDatabases, median, urlFor } from './pg-tools.ts';
import { driveRounds, fundedPlayers, openSessions, ProviderConnection } from './rounds-bench.ts';

const DB_NAME = process.env.BENCH_DB_NAME ?? 'playhall_bench_consumers_cost';
const SECONDS = Number(process.env.COST_SECONDS ?? 6);
const CLIENTS = Number(process.env.COST_CLIENTS ?? 8);
const REPEATS = Number(process.env.COST_REPEATS ?? 3);
const TOGETHER = 'all in one runner';
const TICK_MS = 1000 / 100; // /proc's clock ticks (USER_HZ, 100 on Linux)

type Rows<T> = { rows: T[] };
const rowsOf = <T>(r: unknown) => (r as Rows<T>).rows;

/** CPU ms of this database's backends, by reading /proc (PostgreSQL on this machine). */
async function backendsCpuMs(admin: pg.Client): Promise<number> {
  const pids = (await admin.query<{ pid: number }>(`select pid from pg_stat_activity where datname = '${DB_NAME}' and pid <> pg_backend_pid()`)).rows;
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(f[11]) + Number(f[12]); // utime, stime (fields 14 and 15)
    } catch {
      /* exited */
    }
  }
  return ticks * TICK_MS;
}

/** Rows inserted, updated (HOT among them) and deleted per table since the statistics began. */
async function tableWrites(db: Db): Promise<Map<string, { ins: number; upd: number; hot: number }>> {
  const rows = rowsOf<{ t: string; ins: string; upd: string; hot: string }>(
    await db.execute(sql`select relname as t, n_tup_ins::text as ins, n_tup_upd::text as upd, n_tup_hot_upd::text as hot from pg_stat_user_tables`),
  );
  return new Map(rows.map((r) => [r.t, { ins: Number(r.ins), upd: Number(r.upd), hot: Number(r.hot) }]));
}

async function commits(db: Db): Promise<number> {
  return Number(rowsOf<{ n: string }>(await db.execute(sql`select xact_commit::text as n from pg_stat_database where datname = current_database()`))[0]!.n);
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** COST_STATEMENTS=1: each statement's text (its start) with its count and wall time, per consumer drain. */
const statements = new Map<string, { n: number; ms: number }>();
if (process.env.COST_STATEMENTS) {
  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
    const cfg = a[0] as string | { text?: string };
    const text = (typeof cfg === 'string' ? cfg : (cfg?.text ?? '')).replace(/\s+/g, ' ').trim().slice(0, 90);
    const t0 = performance.now();
    const r = query.apply(this, a);
    if (r && typeof (r as Promise<unknown>).then === 'function') {
      void (r as Promise<unknown>).then(
        () => {
          const e = statements.get(text) ?? { n: 0, ms: 0 };
          e.n++;
          e.ms += performance.now() - t0;
          statements.set(text, e);
        },
        () => undefined,
      );
    }
    return r;
  } as typeof pg.Client.prototype.query;
}

async function main() {
  await freshDatabases(DB_NAME);
  const database = await openDatabase({ url: urlFor(DB_NAME) });
  await migrate(database);
  await seed(database.db, { demo: true, hashPassword: async (p) => `bench:${p}` });
  const db = database.db;
  // The measuring connection of its own: a pooled one could be the backend being measured.
  const admin = new pg.Client({ connectionString: urlFor(DB_NAME) });
  await admin.connect();
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', SMS_PROVIDER: 'log', PLAYER_DIST: '/nonexistent', DATA_DIR: '/tmp/playhall-consumers-cost' }),
    eventConsumers: false,
  };
  const rewards = createRewardsService({ db, clock: systemClock, timeZone: config.operatorTimeZone, validInvite: config.validInvite });
  await createBenchActivities(rewards);
  const consumers = rewards.consumers();
  const players = await fundedPlayers(db);

  const app = await buildApp({ database, config });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  const provider = Array.from({ length: CLIENTS }, () => new ProviderConnection(port, config.originalsProviderSecret));
  const { tokens } = await openSessions(db, provider[0]!, players);
  // Warm-up rounds, then every consumer catches up with them (and the players get their rows).
  await driveRounds(provider, tokens, CLIENTS, 3);
  const log = pino({ level: 'silent' });
  const warm = createEventRunner({ db, clock: systemClock, log, consumers, pollMs: 50 });
  for (const c of consumers) await warm.drain(c.name);
  await db.execute(sql`analyze`);
  const start = rowsOf<{ name: string; t: string; i: string }>(await db.execute(sql`select name, last_txid::text as t, last_id::text as i from event_consumer`));

  // The rounds themselves, consumers off.
  const roundsBefore = Number(rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from domain_event where type = 'game.round_settled'`))[0]!.n);
  const pgBefore = await backendsCpuMs(admin);
  const nodeBefore = cpuMs();
  const load = await driveRounds(provider, tokens, CLIENTS, SECONDS);
  const nodeRound = cpuMs() - nodeBefore;
  const pgRound = (await backendsCpuMs(admin)) - pgBefore;
  for (const c of provider) c.close();
  await app.close();
  const rounds = Number(rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from domain_event where type = 'game.round_settled'`))[0]!.n) - roundsBefore;
  console.log(`rounds: ${rounds} at ${load.rps.toFixed(0)}/s with ${CLIENTS} clients (load average ${loadavg()[0]!.toFixed(1)})`);
  console.log(`a round (server and driver in this process, consumers off): node ${((nodeRound / rounds) * 1000).toFixed(0)} µs, postgres ${((pgRound / rounds) * 1000).toFixed(0)} µs`);

  // The pools carry a rest below a hundredth from batch to batch: it is put back before each drain,
  // and the contribution transfers of earlier drains are renamed (their key is the batch's last
  // event), so each drain posts its own as the first run did, whatever its batches' boundaries.
  const rests = rowsOf<{ tier: string; rest: string }>(await db.execute(sql`select tier, rest::text as rest from jackpot_pool`));
  let drains = 0;
  const out: { name: string; node: number; pg: number; tx: number; wall: number; writes: string }[] = [];
  // Each consumer alone, then all of them in one runner (consumers of the same events share their reads, decision 064).
  const subjects = [...consumers.map((c) => ({ name: c.name, members: [c] })), { name: TOGETHER, members: consumers }];
  for (const { name, members } of subjects) {
    const node: number[] = [];
    const pg: number[] = [];
    const wall: number[] = [];
    let tx = 0;
    let writes = '';
    for (let r = 0; r < REPEATS; r++) {
      for (const c of members) {
        const cursor = start.find((s) => s.name === c.name)!;
        await db.execute(sql`update event_consumer set last_txid = ${cursor.t}::bigint, last_id = ${cursor.i}::bigint where name = ${c.name}`);
      }
      for (const p of rests) await db.execute(sql`update jackpot_pool set rest = ${p.rest}::bigint where tier = ${p.tier}`);
      await db.execute(sql`update ledger_transfer set idempotency_key = idempotency_key || ${`:drain${++drains}`}
                            where idempotency_key like 'jackpot_contribution:%' and idempotency_key not like '%:drain%'`);
      // Its own pool, closed after: the backends' CPU is this consumer's alone, and their statistics are flushed when they exit.
      const own = await openDatabase({ url: urlFor(DB_NAME) });
      const runner = createEventRunner({ db: own.db, clock: systemClock, log, consumers: members });
      await own.db.execute(sql`select 1`);
      const before = await tableWrites(db);
      const commitsBefore = await commits(db);
      const pg0 = await backendsCpuMs(admin);
      const n0 = cpuMs();
      const profile = process.env.COST_PROFILE === name && r === REPEATS - 1 ? new Session() : null;
      if (profile) {
        profile.connect();
        await profile.post('Profiler.enable');
        await profile.post('Profiler.start');
      }
      statements.clear();
      const t0 = performance.now();
      await runner.drainAll();
      if (profile) {
        const { profile: p } = await profile.post('Profiler.stop');
        writeFileSync(`/tmp/${name}.cpuprofile`, JSON.stringify(p));
        profile.disconnect();
      }
      wall.push(performance.now() - t0);
      if (process.env.COST_STATEMENTS && r === REPEATS - 1) {
        console.log(`${name}:`);
        for (const [t, e] of [...statements].sort((x, y) => y[1].ms - x[1].ms).slice(0, 14)) console.log(`  ${e.n.toString().padStart(5)} ${e.ms.toFixed(0).padStart(6)} ms  ${t}`);
      }
      statements.clear();
      node.push(cpuMs() - n0);
      pg.push((await backendsCpuMs(admin)) - pg0);
      const failing = rowsOf<{ name: string; e: string }>(await db.execute(sql`select name, last_error as e from event_consumer where failures > 0`));
      if (failing.length) throw new Error(`${name}: ${JSON.stringify(failing)}`);
      await own.close();
      await new Promise((r) => setTimeout(r, 300));
      tx = (await commits(db)) - commitsBefore - 2; // less this reading's own two
      const after = await tableWrites(db);
      writes = [...after]
        .map(([t, a]) => {
          const b = before.get(t) ?? { ins: 0, upd: 0, hot: 0 };
          const ins = a.ins - b.ins;
          const upd = a.upd - b.upd;
          const hot = a.hot - b.hot;
          return ins || upd ? `${t} ${(ins / rounds).toFixed(2)} ins + ${(upd / rounds).toFixed(2)} upd (${upd ? Math.round((hot * 100) / upd) : 0} % HOT)` : '';
        })
        .filter(Boolean)
        .join(', ');
    }
    out.push({ name, node: median(node), pg: median(pg), tx, wall: median(wall), writes });
  }
  console.log(`\nper round (${rounds} rounds; medians of ${REPEATS} drains; backend CPU at ${TICK_MS} ms resolution):`);
  for (const o of out) {
    console.log(
      `${o.name.padEnd(26)} node ${((o.node / rounds) * 1000).toFixed(1).padStart(6)} µs  postgres ${((o.pg / rounds) * 1000).toFixed(1).padStart(6)} µs  ` +
        `wall ${((o.wall / rounds) * 1000).toFixed(1).padStart(6)} µs  transactions ${o.tx}  writes: ${o.writes || 'none'}`,
    );
  }
  const share = (label: string, node: number, pg: number) =>
    console.log(
      `${label}: node ${((node / rounds) * 1000).toFixed(0)} µs (${((node / nodeRound) * 100).toFixed(1)} % of a round's), ` +
        `postgres ${((pg / rounds) * 1000).toFixed(0)} µs (${((pg / pgRound) * 100).toFixed(1)} % of a round's); both ${(((node + pg) / (nodeRound + pgRound)) * 100).toFixed(1)} %`,
    );
  const alone = out.filter((o) => o.name !== TOGETHER);
  share('every consumer alone, summed', alone.reduce((s, o) => s + o.node, 0), alone.reduce((s, o) => s + o.pg, 0));
  const together = out.find((o) => o.name === TOGETHER)!;
  share(TOGETHER, together.node, together.pg);
  await admin.end();
  await database.close();
  if (!process.env.BENCH_KEEP) await dropDatabases(DB_NAME);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
