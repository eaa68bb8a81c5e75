/**
 * Rewards (issue 14): concurrent claims per second through the award function against the ledger's
 * own transfers per second in the same run, and `activityGetStatusList` for a logged-in player
 * against a Fastify hello POST, with the database round trips of one call counted.
 *
 *   npx tsx bench/rewards-bench.ts, or BENCH_ONLY=rewards npm run bench
 *   env: BENCH_SECONDS=10 BENCH_RUNS=3 BENCH_REWARD_CLIENTS=16 (or BENCH_CLIENTS when it names one count)
 *        BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres, BENCH_KEEP=1 keeps the scratch database
 *
 * One fresh PostgreSQL database, migrated and seeded, opened as the server opens it (openDatabase:
 * its pool of 10 connections).
 *
 * Claims: N workers, each for its own player, call `awardCommitted(db, …)` (award.service.ts: the
 * award function's group-committed entry point, its own transaction) back to back, each awaiting
 * its own claim: AwardId.coin, a count of 1.00-9.99 with multiplier 2, a fresh key each, for a
 * running activity, paid from the promotion book, as a claim posts it. Transfers: the same N
 * workers and players receive the same kind of amount from the same promotion book through the
 * ledger's `transfer()` (its own transaction, group commit), as bench/ledger-bench.ts drives it. The two alternate within each run; the ratio is the median of
 * the runs' claims/s over transfers/s. The whole ledger check (ledger-check.ts) runs afterwards.
 *
 * Status list: the app (buildApp) listens on a real socket in this process with an activity of
 * each of sign-up (15), bind (4), free sign-in (36), fund (16), first deposit (44) and download
 * (32) running; N players registered through accountRegist (each with safebox coin held since
 * before today, so the fund dot computes in full) post `activityGetStatusList` with their tokens
 * from N keep-alive connections, each from its own loopback address; the baseline is a bare
 * Fastify app answering POST /hello, driven by the same kind of connections, interleaved. The
 * database round trips of one call are counted on node-postgres' Client.query (every statement
 * the pool or a transaction sends goes through it).
 */
import type { AddressInfo } from 'node:net';
import { cpus, totalmem } from 'node:os';
import Fastify from 'fastify';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { activityInput, ActivityType, AwardId, ClientConstants } from '@playhall/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type Db } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import type { Clock } from '../apps/server/src/lib/clock.ts';
import { DAY, systemClock } from '../apps/server/src/lib/clock.ts';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check.ts';
import { transfer } from '../apps/server/src/modules/ledger/ledger.service.ts';
import { awardCommitted } from '../apps/server/src/modules/rewards/award.service.ts';
import { createRewardsService } from '../apps/server/src/modules/rewards/rewards.service.ts';
import { dropDatabases, freshDatabases, median, RUNS, SECONDS, urlFor } from './pg-tools.ts';
import { KeepAliveConnection as Connection } from './keep-alive-connection.ts';
import { isMain, today, type BenchResult, type Goal } from './report.ts';

const single = (v: string | undefined) => (v && /^\d+$/.test(v.trim()) ? Number(v) : undefined);
const CLIENTS = single(process.env.BENCH_REWARD_CLIENTS) ?? single(process.env.BENCH_CLIENTS) ?? 16;
const REWARDS_DB = 'playhall_bench_rewards';
const CLAIM_GOAL = 0.5;
const MULTIPLIER = 2;
const SAFEBOX = 100_000; // hundredths each status player holds in the safebox since before today

// ---- round trips: every statement node-postgres sends, from the pool or a transaction's client ----
let calls = 0;
/** While set, each statement is also recorded. */
let recording: { sql: string }[] | null = null;
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  calls++;
  if (recording) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').trim();
    recording.push({ sql: text });
  }
  return clientQuery.apply(this, args);
};

/**
 * Where a statement of one status-list call comes from, by what it reads first: the session (the
 * auth plugin), or the rewards engine's one statement (the activity table's version and every
 * running kind's red-dot facts, decision 031), or the activity list reloaded after a change.
 */
function origin(r: { sql: string }): string {
  if (/^update [^(]*"?user_session"?/i.test(r.sql)) return 'session touch (last seen)';
  if (/^select [^(]*"?user_session"?/i.test(r.sql)) return 'session lookup (token → player)';
  if (/md5|xmin/i.test(r.sql)) return 'red dots: the activity version and every kind\'s facts (one statement)';
  if (/from "activity"/.test(r.sql)) return 'running activities (reloaded after a change)';
  return 'other';
}

interface Load {
  perSecond: number;
  done: number;
  failed: number;
  /** Database statements sent per unit done (claims, transfers); 0 where not counted. */
  perUnit: number;
}

async function drive(workers: number, seconds: number, one: (w: number, seq: number) => Promise<boolean>): Promise<Load> {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  let failed = 0;
  const start = performance.now();
  const calls0 = calls;
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      let seq = 0;
      while (performance.now() < until) {
        let ok = false;
        try {
          ok = await one(w, seq++);
        } catch (err) {
          if (failed === 0) console.error('first failure:', err);
        }
        if (ok) done++;
        else failed++;
      }
    }),
  );
  return { perSecond: done / ((performance.now() - start) / 1000), done, failed, perUnit: done ? (calls - calls0) / done : 0 };
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export async function benchRewards(): Promise<BenchResult> {
  await freshDatabases(REWARDS_DB);
  const database = await openDatabase({ url: urlFor(REWARDS_DB) });
  const db: Db = database.db;
  await migrate(database);
  await seed(db, { demo: false, hashPassword: async (p) => `bench:${p}` });

  const base = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', SMS_PROVIDER: 'log', PLAYER_DIST: '/nonexistent', DATA_DIR: '/tmp/playhall-rewards-bench' });
  const unlimited = 1_000_000_000;
  const config = {
    ...base,
    operatorToken: null,
    rateLimit: { globalPerMin: unlimited, authPerMin: unlimited, smsPerMin: unlimited, accountPerMin: unlimited },
    clientEvents: { perMin: unlimited, perClientPerDay: unlimited },
  };

  // Activities as an operator creates and enables them (the rewards service behind the operator API).
  const rewards = createRewardsService({ db, clock: systemClock, timeZone: config.operatorTimeZone, validInvite: config.validInvite });
  const activities: Record<string, number> = {};
  const specs = [
    ['sign-up (15)', ActivityType.signUpBonus, { amount: 500, multiplier: 3, days: 7 }],
    ['bind (4)', ActivityType.bind, { amount: 300 }],
    ['free sign-in (36)', ActivityType.freeSign, { rewards: [100, 200, 300, 400, 500, 600, 1_000], multiplier: 2 }],
    ['fund (16)', ActivityType.fund, { dailyRateBp: 10, maxPerDay: 5_000, minBalance: 1_000 }],
    ['first deposit (44)', ActivityType.firstDeposit, { tiers: [{ minDeposit: 5_000, bonus: 1_000 }, { minDeposit: 20_000, bonus: 5_000 }], multiplier: 2 }],
    ['download (32)', ActivityType.download, { amount: 777, multiplier: 4 }],
  ] as const;
  for (const [label, type, settings] of specs) {
    const created = await rewards.create(activityInput.parse({ type, name: `bench ${label}`, settings }), 'bench');
    await rewards.setEnabled(created.id, true, 'bench');
    activities[label] = created.id;
  }
  const claimActivity = activities['free sign-in (36)']!;

  // ---- 1. claims through award() vs transfers through the ledger ----
  const players = rowsOf<{ id: string }>(
    await db.execute(sql`insert into app_user (uuid, nickname, account_type, invite_code, created_at, updated_at)
      select gen_random_uuid(), 'bench' || g, 2, 'W' || g, now(), now() from generate_series(1, ${CLIENTS}) g returning id`),
  ).map((r) => Number(r.id));
  await db.execute(sql`analyze`);

  const amount = () => 100 + Math.floor(Math.random() * 900);
  const claim = (tag: string) => async (w: number, seq: number) => {
    const now = new Date();
    const paid = await awardCommitted(db, {
      userId: players[w]!,
      awardId: AwardId.coin,
      count: amount(),
      multiplier: MULTIPLIER,
      reason: 'reward_free_sign',
      key: `bench:${tag}:${w}:${seq}`,
      activityId: claimActivity,
      at: now,
    });
    return !paid.replayed;
  };
  const plain = (tag: string) => async (w: number, seq: number) => {
    const n = amount();
    const done = await transfer(db, {
      idempotencyKey: `bench:${tag}:${w}:${seq}`,
      reason: 'reward_free_sign',
      reference: `activity:${claimActivity}`,
      entries: [
        { account: { player: players[w]!, book: 'coin' }, asset: 'coin', amount: n },
        { account: { house: 'promotion' }, asset: 'coin', amount: -n },
      ],
    });
    return !done.replayed;
  };

  console.log(`claims vs transfers, ${CLIENTS} workers ...`);
  let claimsPaid = (await drive(CLIENTS, 3, claim('warm-claim'))).done;
  await drive(CLIENTS, 3, plain('warm-transfer'));
  await db.execute(sql`analyze`);
  const money: { claims: Load; transfers: Load }[] = [];
  for (let r = 1; r <= RUNS; r++) {
    const pair = {} as { claims: Load; transfers: Load };
    for (const which of r % 2 ? (['transfers', 'claims'] as const) : (['claims', 'transfers'] as const)) {
      pair[which] = await drive(CLIENTS, SECONDS, which === 'claims' ? claim(`claim-r${r}`) : plain(`transfer-r${r}`));
    }
    claimsPaid += pair.claims.done;
    money.push(pair);
    console.log(
      `run ${r}: claims ${pair.claims.perSecond.toFixed(0)}/s (${pair.claims.perUnit ? (1 / pair.claims.perUnit).toFixed(1) : '-'} per statement, failed ${pair.claims.failed}); ` +
        `transfers ${pair.transfers.perSecond.toFixed(0)}/s (${pair.transfers.perUnit ? (1 / pair.transfers.perUnit).toFixed(1) : '-'} per statement, failed ${pair.transfers.failed}); ` +
        `ratio ${(pair.claims.perSecond / pair.transfers.perSecond).toFixed(2)}×`,
    );
  }
  const grants = Number(rowsOf<{ n: string }>(await db.execute(sql`select count(*)::text as n from reward_grant where idempotency_key like 'reward:bench:%'`))[0]?.n);

  // ---- 2. activityGetStatusList vs a Fastify hello POST ----
  // ticks: false keeps the event runner from polling in the background (it would add statements
  // to the count); nothing else in the app reads it.
  const clock: Clock = { now: () => new Date(), ticks: false };
  const app = await buildApp({
    database,
    config,
    clock,
    hasher: { hash: async (p) => `bench:${p}`, verify: async (h, p) => h === `bench:${p}` },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const hello = Fastify({ logger: false });
  hello.post('/hello', async () => ({ code: 200, msg: 'OK', data: { hello: 'world' } }));
  await hello.listen({ host: '127.0.0.1', port: 0 });

  const common = { channel: 'WEB', appVersion: ClientConstants.appVersion, platform: 0 };
  const tokens: string[] = [];
  const since = new Date(Date.now() - 2 * DAY);
  for (let w = 0; w < CLIENTS; w++) {
    const res = await app.inject({
      method: 'POST',
      url: '/app/v1/accountRegist',
      payload: { ...common, account: `rb${Date.now().toString(36).slice(-6)}${w}`, password: 'secret-pass-1', deviceId: `bench-device-${w}` },
    });
    const body = res.json() as { code: number; msg: string; data: { token: string; user: { id: number } } };
    if (body.code !== 200) throw new Error(`accountRegist: ${body.code} ${body.msg}`);
    tokens.push(body.data.token);
    const id = body.data.user.id;
    // Coin held in the safebox since before today, moved as safeboxDeposit moves it.
    await transfer(db, {
      idempotencyKey: `bench:fund:${id}`,
      reason: 'deposit',
      at: since,
      entries: [
        { account: { player: id, book: 'coin' }, asset: 'coin', amount: SAFEBOX },
        { account: { house: 'clearing:bench' }, asset: 'coin', amount: -SAFEBOX },
      ],
    });
    await transfer(db, {
      idempotencyKey: `bench:safebox:${id}`,
      reason: 'safebox_in',
      at: new Date(since.getTime() + 1000),
      entries: [
        { account: { player: id, book: 'coin' }, asset: 'coin', amount: -SAFEBOX },
        { account: { player: id, book: 'safebox' }, asset: 'coin', amount: SAFEBOX },
      ],
    });
  }
  await db.execute(sql`analyze`);

  const port = (app.server.address() as AddressInfo).port;
  const appConns = Array.from({ length: CLIENTS }, (_, w) => new Connection(port, `127.0.1.${1 + w}`));
  const helloConns = Array.from({ length: CLIENTS }, () => new Connection((hello.server.address() as AddressInfo).port));
  const statusBody = JSON.stringify(common);
  const helloBody = JSON.stringify({ hello: 'world', ...common });
  type Dots = Record<string, boolean>;
  let lastDots: Dots | null = null;
  const postStatus = async (w: number) => {
    const answer = JSON.parse(await appConns[w]!.post('/app/v1/activityGetStatusList', statusBody, `authorization: Bearer ${tokens[w]}\r\n`)) as {
      code: number;
      data: { redDots: Dots } | null;
    };
    if (answer.code === 200 && answer.data) lastDots = answer.data.redDots;
    return answer.code === 200;
  };
  const postHello = async (w: number) => (JSON.parse(await helloConns[w]!.post('/hello', helloBody)) as { code: number }).code === 200;

  const status: { hello: Load; status: Load }[] = [];
  const counted: { sql: string }[][] = [];
  try {
    console.log(`activityGetStatusList vs hello, ${CLIENTS} clients ...`);
    await drive(CLIENTS, 2, postHello);
    await drive(CLIENTS, 3, postStatus);

    // Round trips of one call, alone (nothing else runs meanwhile), three times to see it is stable.
    try {
      for (let i = 0; i < 3; i++) {
        recording = [];
        if (!(await postStatus(i % CLIENTS))) throw new Error('activityGetStatusList failed while counting');
        counted.push(recording);
        recording = null;
      }
    } finally {
      recording = null;
    }
    console.log(`one call: ${counted.map((c) => c.length).join(' / ')} statements; red dots ${JSON.stringify(lastDots)}`);
    for (const r of counted[0]!) console.log(`  ${origin(r)}: ${r.sql.slice(0, 140)}`);

    for (let r = 1; r <= RUNS; r++) {
      const pair = {} as { hello: Load; status: Load };
      for (const which of r % 2 ? (['hello', 'status'] as const) : (['status', 'hello'] as const)) {
        pair[which] = await drive(CLIENTS, SECONDS, which === 'hello' ? postHello : postStatus);
      }
      status.push(pair);
      console.log(
        `run ${r}: hello ${pair.hello.perSecond.toFixed(0)} req/s; activityGetStatusList ${pair.status.perSecond.toFixed(0)} req/s ` +
          `(${pair.status.perUnit.toFixed(1)} statements each, failed ${pair.status.failed}); ratio ${(pair.status.perSecond / pair.hello.perSecond).toFixed(2)}×`,
      );
    }
  } finally {
    for (const c of [...appConns, ...helloConns]) c.close();
    await app.close();
    await hello.close();
  }

  const check = await checkLedger(db);
  const server = rowsOf<{ v: string }>(await db.execute(sql`select version() as v`));
  await database.close();
  if (!process.env.BENCH_KEEP) await dropDatabases(REWARDS_DB);

  // ---- the section ----
  const claimRatios = money.map((r) => r.claims.perSecond / r.transfers.perSecond);
  const claimRatio = median(claimRatios);
  const claimsPs = median(money.map((r) => r.claims.perSecond));
  const transfersPs = median(money.map((r) => r.transfers.perSecond));
  const claimsPerCall = median(money.map((r) => (r.claims.perUnit ? 1 / r.claims.perUnit : 0)));
  const perTransferCall = median(money.map((r) => (r.transfers.perUnit ? 1 / r.transfers.perUnit : 0)));
  const moneyFailed = money.reduce((n, r) => n + r.claims.failed + r.transfers.failed, 0);

  const statusRatios = status.map((r) => r.status.perSecond / r.hello.perSecond);
  const statusRatio = median(statusRatios);
  const helloRps = median(status.map((r) => r.hello.perSecond));
  const statusRps = median(status.map((r) => r.status.perSecond));
  const statusFailed = status.reduce((n, r) => n + r.status.failed + r.hello.failed, 0);
  const trips = counted[0]!.length;
  const stable = counted.every((c) => c.length === trips);
  const sources = new Map<string, number>();
  for (const r of counted[0]!) sources.set(origin(r), (sources.get(origin(r)) ?? 0) + 1);
  const full = SECONDS >= 10 && RUNS >= 3;
  const grantsOk = grants === claimsPaid;

  const goals: Goal[] = [
    {
      goal: `concurrent claims/s through the award function ≥ ${CLAIM_GOAL}× the ledger's transfers/s (${CLIENTS} workers)`,
      measured: `${claimRatio.toFixed(2)}× (${claimsPs.toFixed(0)} claims/s vs ${transfersPs.toFixed(0)} transfers/s)`,
      met: claimRatio >= CLAIM_GOAL,
    },
    {
      goal: '`activityGetStatusList` for a logged-in player: one database round trip, measured against a Fastify hello POST',
      measured: `${trips} round trips per call; ${statusRatio.toFixed(2)}× hello (${statusRps.toFixed(0)} vs ${helloRps.toFixed(0)} req/s)`,
      met: trips === 1,
    },
    { goal: 'ledger check after the runs', measured: check.ok ? 'ok' : 'differences found', met: check.ok },
  ];

  const markdown = `## Rewards: claims through the award function, activityGetStatusList

Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB. Server: ${String(server[0]?.v).split(',')[0]}.
${RUNS} interleaved runs of ${SECONDS} s, ${CLIENTS} concurrent workers or keep-alive clients in one Node process, on a fresh database
opened as the server opens it (\`openDatabase\`: a pool of 10 connections). Each ratio is the median of the runs' ratios.

### Claims through the award function vs ledger transfers

Claims: each worker, for its own player, calls \`awardCommitted(db, …)\` (\`modules/rewards/award.service.ts\`: the award
function in its own transaction, group-committed) back to back, each awaiting its own claim: \`AwardId.coin\`, 1.00-9.99 with
multiplier ${MULTIPLIER}, a fresh key each, for a running activity, from the promotion book: the ledger transfer, the wagering it
adds and the grant row, as a claim posts them (the claim call's own eligibility check and balance read are not in it).
Transfers: the same workers and players receive the same kind of amount from the promotion book through \`transfer()\`
(\`modules/ledger/ledger.service.ts\`: its own transaction, with group commit), as bench/ledger-bench.ts drives it.

| Claims/s | Transfers/s | Ratio | Ratio runs | Claims per statement | Transfers per statement | Failed |
|---:|---:|---:|---|---:|---:|---:|
| ${claimsPs.toFixed(0)} | ${transfersPs.toFixed(0)} | ${claimRatio.toFixed(2)}× | ${claimRatios.map((x) => x.toFixed(2)).join(' / ')} | ${claimsPerCall.toFixed(1)} | ${perTransferCall.toFixed(1)} | ${moneyFailed} |

A claim's effects are one statement, \`reward_award\` (\`db/functions/rewards/400_reward_award.sql\`, decision 032): for a batch
of awards it posts the transfers through \`ledger_post\` (the one ledger writer), adds the wagering to \`player_wallet\` after the
coin rows the posting locked, and writes the grant rows. \`awardCommitted\` group-commits it as \`transfer()\` does
(\`db/group-commit.ts\`, the ledger's lanes and spill): the claims waiting while a statement runs go together as the next one, one
round trip and one commit, each worker answered after that commit. In a caller's transaction (\`award(tx, …)\`, the claim call and
the kinds' consumers) the same function is one statement for one award. Grants written by the claims: ${grants}; claims answered as paid: ${claimsPaid}${grantsOk ? ' (every one has its grant)' : ' (**they differ**)'}.
After the runs the whole ledger check (\`checkLedger\`: balances, transfers, balance chains, domain tables) found ${check.ok ? 'no difference' : '**differences**'}.

### \`activityGetStatusList\` vs a Fastify hello POST

The app (\`buildApp\`) on a real socket in this process, its rate limits raised but still checked, with an activity running of
each kind listed with a red dot: ${Object.keys(activities).join(', ')}; of those, sign-up, free sign-in and fund have a
dot (\`dotFacts\` and \`redDots\` in their kind), the others have none. ${CLIENTS} players registered through \`accountRegist\`, each with coin in the
safebox since before today (so the fund dot reads the balance and the grant), post \`activityGetStatusList\` with their
bearer tokens, each from its own keep-alive connection and loopback address. Hello: a bare Fastify app answering
\`POST /hello\` with a small JSON envelope. Red dots of the last answer: ${lastDots ? Object.entries(lastDots as Dots).filter(([, v]) => v).map(([k]) => k).join(', ') || 'none' : 'no answer'}.

| Hello req/s | activityGetStatusList req/s | Ratio | Ratio runs | Statements per call (runs) | Failed |
|---:|---:|---:|---|---:|---:|
| ${helloRps.toFixed(0)} | ${statusRps.toFixed(0)} | ${statusRatio.toFixed(2)}× | ${statusRatios.map((x) => x.toFixed(2)).join(' / ')} | ${median(status.map((r) => r.status.perUnit)).toFixed(1)} | ${statusFailed} |

Round trips of one call, counted on node-postgres' \`Client.query\` (every statement the pool or a transaction sends), one call
alone after the warm-up, three times: ${counted.map((c) => c.length).join(' / ')}${stable ? '' : ' (**not the same each time**)'}. Everything the request sends is counted,
the session's included: after the warm-up the session comes from the session cache (decision 036: token → session in
process, dropped on every instance when a session is revoked), which reads \`user_session\` again after a minute and writes
\`last_seen\` at most once a minute, beside the request. Goal "one database round trip": **${trips === 1 ? 'met' : 'NOT met'}** (${trips}).

| Round trips | From |
|---:|---|
${[...sources].map(([k, n]) => `| ${n} | ${k} |`).join('\n')}

${
  trips === 1
    ? ''
    : `The rewards engine's part is one statement (decision 031): the activity table's version (the cached list of enabled
activities is reloaded only when it changed) and, as one column per running kind with a dot, the facts the kind's rule needs
(\`dotFacts\`: sign-up the player's status and once-per-person marks, free sign-in the last grant's key, fund the safebox
balance when the day began and whether today's interest was paid); each kind's \`redDots\` turns its facts into flags in
the process. Any other statement in the table above is the session's: a cold cache, or the minute's \`last_seen\` write.`
}`;

  return { id: 'rewards', markdown, goals, ok: check.ok && grantsOk, full, date: today() };
}

if (isMain(import.meta.url)) {
  const r = await benchRewards();
  console.log(r.markdown);
  for (const g of r.goals) console.log(`${g.goal}: ${g.measured} (${g.met ? 'met' : 'NOT met'})`);
  process.exit(r.ok ? 0 : 1);
}
