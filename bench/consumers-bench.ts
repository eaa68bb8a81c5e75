/**
 * Game rounds with every event consumer running against the same rounds with none running, in the
 * same run, and how far behind the consumers fall meanwhile (issue 14, Benchmarks).
 *
 *   npx tsx bench/consumers-bench.ts, or BENCH_ONLY=consumers npm run bench
 *   env: BENCH_SECONDS=10 BENCH_RUNS=5 BENCH_CONSUMER_CLIENTS=8,32 (or BENCH_CLIENTS) BENCH_DEPOSITS_PER_S=10
 *        BENCH_CONSUMER_KINDS=47 (activity types to run; default every kind that consumes events)
 *        BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres, BENCH_KEEP=1 keeps the scratch database
 *
 * One fresh PostgreSQL database, migrated and seeded, with an activity of each kind that consumes
 * events running (first charge, 39, and first deposit, 44, which read `deposit.credited`; tasks, 42,
 * which reads the round, deposit, login and bind-phone events; VIP, 8, reading `game.round_settled`:
 * exp, levels, rebate, level-up rewards; the lucky jackpot, 47: pools and daily valid bet from
 * `game.round_settled`, chances from `deposit.credited`).
 * Each leg builds the app (buildApp, as the server does) on that database and listens on a real
 * socket in this process:
 *
 *   (a) consumers on: the event runner with every consumer the app registers (the reward kinds'
 *       own, from rewards.consumers()), as in production;
 *   (b) consumers off: the same app built with EVENT_CONSUMERS=off (config.eventConsumers), which
 *       registers the same consumers and never starts them.
 *
 * The load of both legs is the same: bench/rounds-bench.ts's round driver (driveRounds: a signed
 * HTTP bet, then a signed HTTP win that ends the round) with N clients over 2,000 funded players'
 * open sessions, plus one client making first deposits at BENCH_DEPOSITS_PER_S through the player
 * API (recharge) and the sandbox provider's signed webhook, each for a fresh player, so the
 * first-deposit consumers pay bonuses through the award function during (a). Each round writes two
 * outbox events (game.bet_placed, game.round_settled); every consumer's cursor passes them.
 * Before an (a) leg the consumers catch up with what (b) and the warm-up left; (b) leaves its
 * events for the next (a) to catch up with before its clock starts. The two legs alternate within
 * each run; the ratio is the median of the runs' (a)/(b).
 *
 * Lag: during both legs the cursors (event_consumer) are read every SAMPLE_MS ms; after (a) until
 * every cursor passes the last event. For each event written during (a) and each consumer, the lag
 * is the time of the first reading whose cursor is past the event, minus the event's created_at:
 * an upper bound (it includes up to one sampling interval and the reading's round trip).
 */
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import { sql } from 'drizzle-orm';
import { activityInput, ActivityType } from '@playhall/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig, type Config } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { newSessionToken, sha256 } from '../apps/server/src/lib/secrets.ts';
import { insertSession } from '../apps/server/src/modules/accounts/sessions.repo.ts';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check.ts';
import { SANDBOX_WEBHOOK_PATH } from '../apps/server/src/modules/payments/sandbox-provider.ts';
import { SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER, signSandbox } from '../apps/server/src/modules/payments/sandbox-signature.ts';
import { createRewardsService } from '../apps/server/src/modules/rewards/rewards.service.ts';
import { dropDatabases, freshDatabases, median, RUNS as SHARED_RUNS, SECONDS, urlFor } from './pg-tools.ts';
import { KeepAliveConnection } from './keep-alive-connection.ts';
import { driveRounds, fundedPlayers, openSessions, ProviderConnection, type Load } from './rounds-bench.ts';
import { isMain, today, type BenchResult, type Goal } from './report.ts';

const CLIENTS = (process.env.BENCH_CONSUMER_CLIENTS ?? process.env.BENCH_CLIENTS ?? '8,32').split(',').map(Number);
const DEPOSITS_PER_S = Number(process.env.BENCH_DEPOSITS_PER_S ?? 10);
/** The activity types to run (default all): e.g. BENCH_CONSUMER_KINDS=47 measures one kind's consumers alone. */
const KINDS = process.env.BENCH_CONSUMER_KINDS?.split(',').map(Number);
const runs = (type: number) => !KINDS || KINDS.includes(type);
/** Five runs unless BENCH_RUNS says: single runs' ratios spread from 0.81× to 0.97× around a 0.9× goal (decision 064). */
const RUNS = process.env.BENCH_RUNS ? SHARED_RUNS : 5;
const DB_NAME = process.env.BENCH_DB_NAME ?? 'playhall_bench_consumers';
const SAMPLE_MS = 50;
const RATIO_GOAL = 0.9;
const LAG_GOAL_MS = 2_000;
const DEPOSIT = 5_000;
const WARM_SECONDS = 2;
const OPERATOR_TOKEN = 'bench-consumers-operator-token-0123456789';

type Rows<T> = { rows: T[] };
const rowsOf = <T>(r: unknown) => (r as Rows<T>).rows;

interface CursorSample {
  t: number;
  at: Map<string, { txid: number; id: number }>;
}

interface LegResult {
  rounds: Load;
  /** The machine's 1-minute load average when the load ended (this process and PostgreSQL included). */
  load: number;
  deposits: { credited: number; failed: number; perSecond: number };
  /** (a) only: per consumer, the lag of every event of the leg (ms), and of the events of its own types. */
  lag?: Map<string, { all: number[]; own: number[]; unpassed: number }>;
  events?: number;
  catchUpMs?: number;
}

const q = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))]!;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The newest transaction id any event written so far can have, plus one: a cursor at or past it has passed them all. */
async function snapshotXmax(db: Db): Promise<number> {
  return Number(rowsOf<{ x: string }>(await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`))[0]!.x);
}

async function readCursors(db: Db, names: string[]): Promise<Map<string, { txid: number; id: number }>> {
  const rows = rowsOf<{ name: string; t: string; i: string }>(
    await db.execute(sql`select name, last_txid::text as t, last_id::text as i from event_consumer where name = any (${`{${names.join(',')}}`}::text[])`),
  );
  return new Map(rows.map((r) => [r.name, { txid: Number(r.t), id: Number(r.i) }]));
}

/** Waits until every consumer's cursor is at or past txid `upTo` (the events below it all passed); the wait in ms. */
async function waitPassed(db: Db, names: string[], upTo: number, timeoutMs = 120_000): Promise<number> {
  const start = performance.now();
  for (;;) {
    const at = await readCursors(db, names);
    if (names.every((n) => (at.get(n)?.txid ?? 0) >= upTo)) return performance.now() - start;
    if (performance.now() - start > timeoutMs) throw new Error(`consumers did not catch up in ${timeoutMs / 1000} s: ${JSON.stringify([...at])}`);
    await sleep(SAMPLE_MS);
  }
}

/**
 * The reward kinds that consume events, created and enabled as an operator does: first charge (39)
 * and first deposit (44), tasks (42) with a task each round and deposit feeds, VIP (8). Shared with
 * bench/consumers-cost.ts, so both measure the same configuration.
 */
export async function createBenchActivities(rewards: ReturnType<typeof createRewardsService>): Promise<{ activities: string[]; depositKinds: number }> {
  const tiers = { tiers: [{ minDeposit: 1_000, bonus: 500 }, { minDeposit: 20_000, bonus: 5_000 }], multiplier: 2 };
  const activities: string[] = [];
  for (const [label, type] of [
    ['first charge (39)', ActivityType.firstCharge],
    ['first deposit (44)', ActivityType.firstDeposit],
  ] as const) {
    if (!runs(type)) continue;
    const created = await rewards.create(activityInput.parse({ type, name: `bench ${label}`, settings: tiers }), 'bench');
    await rewards.setEnabled(created.id, true, 'bench');
    activities.push(label);
  }
  const depositKinds = activities.length;
  // Tasks (42): every condition the round and deposit events feed, so its consumer writes progress for every round.
  const award = { awardId: 2001, count: 100, multiplier: 1 };
  const tasks = await rewards.create(
    activityInput.parse({
      type: ActivityType.tasks,
      name: 'bench tasks (42)',
      settings: {
        tasks: [
          { id: 'bet', period: 'daily', title: { 'en-US': 'Bet' }, condition: { type: 'bet' }, target: 100_000, award, liveness: 10 },
          { id: 'rounds', period: 'weekly', title: { 'en-US': 'Rounds' }, condition: { type: 'rounds' }, target: 1_000, award, liveness: 10 },
          { id: 'deposit', period: 'novice', title: { 'en-US': 'Deposit' }, condition: { type: 'depositAmount' }, target: 5_000, award },
        ],
      },
    }),
    'bench',
  );
  if (runs(ActivityType.tasks)) {
    await rewards.setEnabled(tasks.id, true, 'bench');
    activities.push('tasks (42)');
  }
  // VIP (8): exp, levels, rebate and day totals from every settled round; level-ups paid as players rise.
  const vipLevels = [0, 5_000, 50_000, 500_000, 5_000_000].map((betAmount, i) => ({ betAmount, levelUpReward: i * 100, dailyGift: i * 50, rebateBp: 10 + i * 10, tasks: i ? [{ id: i, betAmount: 10_000, reward: 100 }] : [] }));
  const vip = await rewards.create(activityInput.parse({ type: ActivityType.vip, name: 'bench VIP (8)', settings: { levels: vipLevels, expWeights: {}, multiplier: 1 } }), 'bench');
  if (runs(ActivityType.vip)) {
    await rewards.setEnabled(vip.id, true, 'bench');
    activities.push('VIP and rebate (8)');
  }
  // Lucky jackpot (47): every settled round grows the four pools (one ledger transfer per batch) and the day's valid bet per player (daily chances); deposits add chances.
  const pool = (contributionPpm: number, seed: number) => ({ contributionPpm, seed, section: { min: seed, max: seed * 100 } });
  const jackpot = await rewards.create(
    activityInput.parse({
      type: ActivityType.luckyJackpot,
      name: 'bench lucky jackpot (47)',
      settings: {
        awards: [
          { id: 1, type: 1, propId: 2001, count: 100, weight: 90 },
          { id: 2, type: 2, propId: 50004, count: 1, weight: 10 },
        ],
        tiers: { mega: pool(5_000, 1_000_000), major: pool(3_000, 100_000), minor: pool(2_000, 10_000), mini: pool(1_000, 1_000) },
        earn: { deposit: { minAmount: 1_000, chances: 1 }, dailyBet: [10_000, 100_000] },
      },
    }),
    'bench',
  );
  if (runs(ActivityType.luckyJackpot)) {
    await rewards.setEnabled(jackpot.id, true, 'bench');
    activities.push('lucky jackpot (47)');
  }

  return { activities, depositKinds };
}

export async function benchConsumers(): Promise<BenchResult> {
  await freshDatabases(DB_NAME);
  const database = await openDatabase({ url: urlFor(DB_NAME) });
  await migrate(database);
  await seed(database.db, { demo: true, hashPassword: async (p) => `bench:${p}` });
  const db = database.db;
  const maxClients = Math.max(...CLIENTS);

  const unlimited = 1_000_000_000;
  const base: Config = {
    ...loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', SMS_PROVIDER: 'log', PLAYER_DIST: '/nonexistent', DATA_DIR: '/tmp/playhall-consumers-bench' }),
    operatorToken: OPERATOR_TOKEN,
    // The deposit client makes every call from one address: out of the limits' way (still checked).
    rateLimit: { globalPerMin: unlimited, authPerMin: unlimited, smsPerMin: unlimited, accountPerMin: unlimited },
  };

  // The kinds that consume events, running, as an operator creates and enables them.
  const rewards = createRewardsService({ db, clock: systemClock, timeZone: base.operatorTimeZone, validInvite: base.validInvite });
  const { activities, depositKinds } = await createBenchActivities(rewards);

  const players = await fundedPlayers(db);
  // Fresh players for the first deposits: as many as the legs and warm-ups can use at the rate.
  const legs = RUNS * CLIENTS.length * 2;
  const depositors = Math.ceil(DEPOSITS_PER_S * ((legs + 1) * (SECONDS + WARM_SECONDS) + 10) * 1.2) + 50;
  const depIds = rowsOf<{ id: string }>(
    await db.execute(sql`insert into app_user (uuid, nickname, account_type, invite_code, created_at, updated_at)
      select gen_random_uuid(), 'dep' || g, 2, 'D' || g, now(), now() from generate_series(1, ${depositors}) g returning id`),
  ).map((r) => Number(r.id));
  // A logged-in session each, as a login issues it (only the token's hash is stored).
  const depTokens: string[] = [];
  for (const userId of depIds) {
    const token = newSessionToken();
    await insertSession(db, { userId, tokenHash: sha256(token), now: new Date(), ip: null, userAgent: null, deviceId: null });
    depTokens.push(token);
  }
  let nextDepositor = 0;
  await db.execute(sql`analyze`);

  /** An app (consumers on or off) listening on a socket, with its connections, for the time of `fn`. */
  async function withApp<T>(on: boolean, fn: (c: { provider: ProviderConnection[]; player: KeepAliveConnection; port: number; app: Awaited<ReturnType<typeof buildApp>> }) => Promise<T>): Promise<T> {
    const app = await buildApp({ database, config: { ...base, eventConsumers: on } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as AddressInfo).port;
    const provider = Array.from({ length: maxClients }, () => new ProviderConnection(port, base.originalsProviderSecret));
    const player = new KeepAliveConnection(port, '127.0.0.2');
    try {
      return await fn({ provider, player, port, app });
    } finally {
      for (const c of provider) c.close();
      player.close();
      await app.close();
    }
  }

  let pixId = 0;
  /** One client: a first deposit for a fresh player (recharge, then the provider's paid webhook), paced at DEPOSITS_PER_S. */
  async function driveDeposits(conn: KeepAliveConnection, seconds: number): Promise<LegResult['deposits']> {
    let credited = 0;
    let failed = 0;
    if (DEPOSITS_PER_S <= 0) return { credited, failed, perSecond: 0 };
    const start = performance.now();
    const until = start + seconds * 1000;
    let due = start;
    while (performance.now() < until) {
      const token = depTokens[nextDepositor++ % depTokens.length]!;
      const order = JSON.parse(await conn.post('/app/v1/recharge', JSON.stringify({ typeId: pixId, amount: DEPOSIT }), `authorization: Bearer ${token}\r\n`)) as {
        code: number;
        data: { orderId: string } | null;
      };
      if (order.code !== 200 || !order.data) {
        failed++;
      } else {
        const raw = JSON.stringify({ eventId: `ev-${order.data.orderId}`, providerRef: `ref-${order.data.orderId}`, occurredAt: new Date().toISOString(), orderId: order.data.orderId, status: 'paid', amount: DEPOSIT });
        const ts = String(Math.floor(Date.now() / 1000));
        const hook = JSON.parse(await conn.post(SANDBOX_WEBHOOK_PATH, raw, `${SANDBOX_TIMESTAMP_HEADER}: ${ts}\r\n${SANDBOX_SIGNATURE_HEADER}: ${signSandbox(base.sandboxPaymentSecret, ts, raw)}\r\n`)) as {
          data: { outcome?: string } | null;
        };
        if (hook.data?.outcome === 'credited') credited++;
        else failed++;
      }
      due += 1000 / DEPOSITS_PER_S;
      const wait = due - performance.now();
      if (wait > 0) await sleep(Math.min(wait, until - performance.now()));
    }
    return { credited, failed, perSecond: credited / ((performance.now() - start) / 1000) };
  }

  // Setup through a first app: the players' game sessions, the deposit channel, the consumers' names.
  let tokens: string[] = [];
  let consumers: { name: string; events: readonly string[] }[] = [];
  await withApp(true, async ({ provider, player, app }) => {
    tokens = (await openSessions(db, provider[0]!, players)).tokens;
    const info = JSON.parse(await player.post('/app/v1/getRechargeInfo', '{}', `authorization: Bearer ${depTokens[0]}\r\n`)) as {
      data: { appRechargeTypeMap: Record<string, { id: number; name: string }> };
    };
    const pix = Object.values(info.data.appRechargeTypeMap).find((t) => t.name === 'PIX');
    if (!pix) throw new Error('the seeded PIX deposit channel is missing');
    pixId = pix.id;
    const lag = await app.inject({ method: 'GET', url: '/operator/v1/events/consumers', headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
    consumers = (lag.json() as { data: { consumers: { name: string; events: string[] }[] } }).data.consumers.map((c) => ({ name: c.name, events: c.events }));
    if (!consumers.length) throw new Error('the app registers no event consumer');
    // Warm up (JIT, pools, plans), then give the planner the statistics of tables that now hold rounds.
    await Promise.all([driveRounds(provider, tokens, maxClients, 5), driveDeposits(player, 5)]);
    await db.execute(sql`analyze`);
  });
  const names = consumers.map((c) => c.name);
  console.log(`consumers: ${consumers.map((c) => `${c.name} (${c.events.join(', ')})`).join('; ')}`);

  /** One leg: warm-up, (a) catch-up, then the measured load with the cursors sampled throughout. */
  async function leg(on: boolean, clients: number): Promise<LegResult> {
    return withApp(on, async ({ provider, player }) => {
      await Promise.all([driveRounds(provider, tokens, clients, WARM_SECONDS), driveDeposits(player, WARM_SECONDS)]);
      const catchUpMs = on ? await waitPassed(db, names, await snapshotXmax(db)) : undefined;
      const idStart = Number(rowsOf<{ m: string }>(await db.execute(sql`select coalesce(max(id), 0)::text as m from domain_event`))[0]!.m);

      const samples: CursorSample[] = [];
      let sampling = true;
      const sampler = (async () => {
        while (sampling) {
          const at = await readCursors(db, names);
          samples.push({ t: Date.now(), at });
          await sleep(SAMPLE_MS);
        }
      })();
      const measuredFrom = Date.now();
      const [rounds, deposits] = await Promise.all([driveRounds(provider, tokens, clients, SECONDS), driveDeposits(player, SECONDS)]);
      // For a profiler beside the bench (bench/wait-profile.ts): when the measured load ran.
      if (process.env.BENCH_LEG_TIMES) console.log(`leg-window ${on ? 'on' : 'off'} ${clients} ${measuredFrom} ${Date.now()}`);
      const load = loadavg()[0]!;
      const idEnd = Number(rowsOf<{ m: string }>(await db.execute(sql`select coalesce(max(id), 0)::text as m from domain_event`))[0]!.m);
      if (on) await waitPassed(db, names, await snapshotXmax(db));
      sampling = false;
      await sampler;
      // A last reading, taken after every cursor passed the leg's events.
      samples.push({ at: await readCursors(db, names), t: Date.now() });
      if (!on) return { rounds, deposits, load };

      // Each event of the leg against each consumer's readings: the first reading past it.
      const events = rowsOf<{ id: string; txid: string; type: string; ms: string }>(
        await db.execute(sql`select id::text, txid::text, type, (extract(epoch from created_at) * 1000)::text as ms
          from domain_event where id > ${idStart} and id <= ${idEnd} order by txid, id`),
      ).map((e) => ({ id: Number(e.id), txid: Number(e.txid), type: e.type, ms: Number(e.ms) }));
      const lag = new Map<string, { all: number[]; own: number[]; unpassed: number }>();
      for (const c of consumers) {
        const out = { all: [] as number[], own: [] as number[], unpassed: 0 };
        let j = 0;
        for (const e of events) {
          const past = (s: CursorSample) => {
            const at = s.at.get(c.name);
            return !!at && (at.txid > e.txid || (at.txid === e.txid && at.id >= e.id));
          };
          while (j < samples.length && !past(samples[j]!)) j++;
          if (j === samples.length) {
            out.unpassed++;
            continue;
          }
          const ms = Math.max(0, samples[j]!.t - e.ms);
          out.all.push(ms);
          if (c.events.includes(e.type)) out.own.push(ms);
        }
        lag.set(c.name, out);
      }
      return { rounds, deposits, load, lag, events: events.length, catchUpMs };
    });
  }

  const results: Record<number, { on: LegResult[]; off: LegResult[] }> = {};
  for (const c of CLIENTS) results[c] = { on: [], off: [] };
  for (let r = 1; r <= RUNS; r++) {
    for (const c of CLIENTS) {
      for (const on of r % 2 ? [true, false] : [false, true]) {
        const x = await leg(on, c);
        results[c]![on ? 'on' : 'off'].push(x);
        const lagText = x.lag
          ? `; lag p99 ${[...x.lag].map(([n, l]) => `${n} ${q(l.all, 0.99).toFixed(0)} ms`).join(', ')} over ${x.events} events (caught up ${x.catchUpMs?.toFixed(0)} ms before)`
          : '';
        console.log(
          `run ${r} clients ${c} consumers ${on ? 'on ' : 'off'}: ${x.rounds.rps.toFixed(0)} rounds/s (p99 ${x.rounds.p99.toFixed(1)} ms, failed ${x.rounds.failed}, load average ${x.load.toFixed(1)}), ` +
            `${x.deposits.credited} deposits (${x.deposits.failed} failed)${lagText}`,
        );
      }
    }
  }

  // The last (b) leg's events: the consumers catch up with them (and pay their bonuses) before the checks.
  await withApp(true, async () => waitPassed(db, names, await snapshotXmax(db)));
  const firstDeposits = Number(
    rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from domain_event where type = 'deposit.credited' and (payload->>'isFirstDeposit')::boolean`))[0]!.n,
  );
  const bonuses = rowsOf<{ reason: string; n: string }>(
    await db.execute(sql`select reason, count(*)::text as n from ledger_transfer where reason like 'reward_first_deposit_%' group by reason order by reason`),
  );
  // Every settled round once in the tasks' weekly round count (the bench runs within one operator's week, or says so).
  const taskRounds = rowsOf<{ progress: string; rounds: string }>(
    await db.execute(sql`select (select coalesce(sum(progress), 0) from task_progress where task_id = 'rounds')::text as progress,
      (select count(*) from domain_event where type = 'game.round_settled' and payload->>'status' = 'settled')::text as rounds`),
  )[0]!;
  const consumed = rowsOf<{ name: string; applied: string }>(await db.execute(sql`select name, applied::text from event_consumer order by name`));
  const server = rowsOf<{ v: string }>(await db.execute(sql`select version() as v`));
  const check = await checkLedger(db);
  await database.close();
  if (!process.env.BENCH_KEEP) await dropDatabases(DB_NAME);

  const bonusesOk = bonuses.length === depositKinds && bonuses.every((b) => Number(b.n) === firstDeposits);
  const rows = CLIENTS.map((c) => {
    const { on, off } = results[c]!;
    const ratios = on.map((x, i) => x.rounds.rps / off[i]!.rounds.rps);
    const per = consumers.map((k) => {
      const p99s = on.map((x) => q(x.lag!.get(k.name)!.all, 0.99));
      const own = on.flatMap((x) => x.lag!.get(k.name)!.own);
      return {
        name: k.name,
        events: k.events,
        p50: median(on.map((x) => q(x.lag!.get(k.name)!.all, 0.5))),
        p99: median(p99s),
        p99Runs: p99s.map((x) => x.toFixed(0)).join(' / '),
        max: Math.max(...on.map((x) => Math.max(...x.lag!.get(k.name)!.all))),
        ownN: own.length,
        ownP99: q(own, 0.99),
        unpassed: on.reduce((n, x) => n + x.lag!.get(k.name)!.unpassed, 0),
      };
    });
    const overallRuns = on.map((x) => q([...x.lag!.values()].flatMap((l) => l.all), 0.99));
    return {
      c,
      onRps: median(on.map((x) => x.rounds.rps)),
      offRps: median(off.map((x) => x.rounds.rps)),
      ratio: median(ratios),
      ratioRuns: ratios.map((x) => x.toFixed(2)).join(' / '),
      onRuns: on.map((x) => x.rounds.rps.toFixed(0)).join(' / '),
      offRuns: off.map((x) => x.rounds.rps.toFixed(0)).join(' / '),
      loads: on.map((x, i) => `${x.load.toFixed(1)}/${off[i]!.load.toFixed(1)}`).join(', '),
      onP99: median(on.map((x) => x.rounds.p99)),
      offP99: median(off.map((x) => x.rounds.p99)),
      deposits: median([...on, ...off].map((x) => x.deposits.perSecond)),
      depositsFailed: [...on, ...off].reduce((n, x) => n + x.deposits.failed, 0),
      failed: [...on, ...off].reduce((n, x) => n + x.rounds.failed, 0),
      events: median(on.map((x) => x.events!)),
      catchUp: median(on.map((x) => x.catchUpMs!)),
      per,
      overall: median(overallRuns),
      overallRuns: overallRuns.map((x) => x.toFixed(0)).join(' / '),
      worst: Math.max(...per.map((p) => p.p99)),
      unpassed: per.reduce((n, p) => n + p.unpassed, 0),
    };
  });

  const fmtS = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const markdown = `## Game rounds with every event consumer running (PostgreSQL)

Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB. Server: ${String(server[0]?.v).split(',')[0]}.
${RUNS} interleaved runs of ${SECONDS} s per client count. Each leg builds the app on the same database and plays the load of the game-rounds
section (bench/rounds-bench.ts's driver: a signed HTTP \`bet\` then a signed HTTP \`win\` with \`endRound\`, ${players.length} players with open
\`originals\` sessions) while one more client makes first deposits at ${DEPOSITS_PER_S}/s for fresh players (\`recharge\`, then the sandbox
provider's signed paid webhook). **On**: the event runner runs every consumer the app registers; **off**: the same app with
\`EVENT_CONSUMERS=off\`, which registers them and never starts them. The ratio is the median of each run's on/off rounds per second.
The machine is shared: the 1-minute load average at the end of each leg (on/off per run; this benchmark's own process and
PostgreSQL count in it) hints at other work beside a leg: ${rows.map((x) => `${x.c} clients ${x.loads}`).join('; ')}.

What the consumers are today: the app registers ${consumers.length}, ${consumers.map((k) => `\`${k.name}\` (reads ${k.events.map((e) => `\`${e}\``).join(', ')})`).join(' and ')},
the reward kinds with a running activity here (${activities.join(', ')}): a first deposit pays its tier's bonus through the award
function in the first-deposit consumers' batch; the tasks consumer adds every settled round to a daily bet task and a weekly
rounds task, and every deposit to a novice deposit task, set-based (one upsert per batch); \`rewards.vip\` applies every batch of
\`game.round_settled\` set-based (one read of the players' levels, one statement for exp, levels, rebate and day totals; an award
per level reached); the first-deposit consumers read the outbox past the game events in their txid windows, filtering them out.
Settled rounds over the whole benchmark: ${taskRounds.rounds}; counted in the tasks' weekly rounds: ${taskRounds.progress}${taskRounds.rounds === taskRounds.progress ? ' (each once)' : ' (**not each once**, or the bench crossed the operator\'s week)'}.

| Clients | Rounds/s on | Rounds/s off | On/off | On/off runs | Round p99 on / off | Rounds on runs | Rounds off runs | Deposits/s |
|---:|---:|---:|---:|---|---|---|---|---:|
${rows.map((x) => `| ${x.c} | ${x.onRps.toFixed(0)} | ${x.offRps.toFixed(0)} | ${x.ratio.toFixed(2)}× | ${x.ratioRuns} | ${x.onP99.toFixed(1)} / ${x.offP99.toFixed(1)} ms | ${x.onRuns} | ${x.offRuns} | ${x.deposits.toFixed(1)} |`).join('\n')}

### Consumer lag during the on legs

For every event written during an on leg (a median of ${rows.map((x) => `${x.events.toFixed(0)} at ${x.c} clients`).join(', ')}) and every consumer: the time
from the event's \`created_at\` to the first reading of \`event_consumer\` (every ${SAMPLE_MS} ms, and after the load until every cursor
passed the last event) whose cursor is past it, an upper bound. p99 and p50 per run, medians of the runs; "own events" are the
deposits, over all on legs together. The runner polls every second once a consumer has caught up, which sets the floor.

| Clients | Consumer | Lag p50 | Lag p99 | p99 runs (ms) | Max | Own events | Own events p99 |
|---:|---|---:|---:|---|---:|---:|---:|
${rows
  .flatMap((x) => [
    ...x.per.map((p) => `| ${x.c} | \`${p.name}\` | ${fmtS(p.p50)} | ${fmtS(p.p99)} | ${p.p99Runs} | ${fmtS(p.max)} | ${p.ownN} | ${fmtS(p.ownP99)} |`),
    `| ${x.c} | every consumer, every event | | ${fmtS(x.overall)} | ${x.overallRuns} | | | |`,
  ])
  .join('\n')}

Before each on leg the consumers caught up with the off leg's events in a median of ${rows.map((x) => `${fmtS(x.catchUp)} (${x.c} clients)`).join(', ')}.
First deposits credited over the whole benchmark: ${firstDeposits}; bonuses paid by the consumers afterwards: ${bonuses.map((b) => `\`${b.reason}\` ${b.n}`).join(', ') || 'none'}${bonusesOk ? ' (one per deposit per activity)' : ' (**not one per deposit per activity**)'}.
Events applied per consumer (its own types): ${consumed.map((k) => `\`${k.name}\` ${k.applied}`).join(', ')}.${rows.some((x) => x.unpassed > 0) ? ` **Events a cursor never passed within the wait: ${rows.map((x) => x.unpassed).join(', ')}.**` : ''}

Goals: rounds with every consumer running ≥ ${RATIO_GOAL}× without: ${rows.map((x) => `${x.c} clients **${x.ratio.toFixed(2)}×** (${x.ratio >= RATIO_GOAL ? 'met' : 'NOT met'})`).join(', ')};
consumer lag p99 ≤ ${LAG_GOAL_MS / 1000} s at that rate (the worst consumer's): ${rows.map((x) => `${x.c} clients **${fmtS(x.worst)}** (${x.worst <= LAG_GOAL_MS && x.unpassed === 0 ? 'met' : 'NOT met'})`).join(', ')}.${rows.some((x) => x.failed > 0 || x.depositsFailed > 0) ? ` Failed rounds: ${rows.map((x) => x.failed).join(', ')}; failed deposits: ${rows.map((x) => x.depositsFailed).join(', ')}.` : ''}
Ledger check after the runs: ${check.ok ? 'ok' : 'DIFFERENCES FOUND'}.
`;

  const goals: Goal[] = rows.flatMap((x) => [
    { goal: `rounds with every consumer running ≥ ${RATIO_GOAL}× without, ${x.c} clients`, measured: `${x.ratio.toFixed(2)}× (${x.onRps.toFixed(0)} vs ${x.offRps.toFixed(0)} rounds/s)`, met: x.ratio >= RATIO_GOAL },
    { goal: `consumer lag p99 ≤ ${LAG_GOAL_MS / 1000} s at that rate, ${x.c} clients`, measured: `${fmtS(x.worst)} (worst consumer)`, met: x.worst <= LAG_GOAL_MS && x.unpassed === 0 },
  ]);
  goals.push({ goal: 'ledger check after the runs; one bonus per first deposit per activity', measured: `${check.ok ? 'ok' : 'differences found'}; ${bonusesOk ? 'ok' : 'bonuses missing'}`, met: check.ok && bonusesOk });
  return { id: 'consumers', markdown, goals, ok: check.ok && bonusesOk, full: RUNS >= 3 && SECONDS >= 10, date: today() };
}

if (isMain(import.meta.url)) {
  benchConsumers().then(
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
