/**
 * Client events accepted per second through anonymous/appEventLogClient against a Fastify hello POST
 * in the same run (issue 15 §3).
 *
 *   npx tsx bench/events-bench.ts   (env: BENCH_SECONDS=10 BENCH_RUNS=3 BENCH_EVENT_CLIENTS=16 BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres)
 *
 * The app listens on a real socket in this process, on PostgreSQL, with its rate limits raised out of
 * the way (they are still checked on every call). N keep-alive clients each post batches of 20 events
 * back to back, logged out as the tracker's beacons are (a beacon carries no Authorization header),
 * each from its own loopback address, so each is its own client as players are. The baseline is
 * a bare Fastify app in the same process answering POST /hello with a small JSON body, driven by the
 * same clients. The two alternate within each run; the ratio is the median of the runs' ratios of
 * events stored per second over hello requests per second. Prints a markdown section;
 * `npm run bench` (bench/run.ts) writes it to docs/benchmarks.md.
 */
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { ClientConstants, TrackedEvent } from '@playhall/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { dropDatabases, freshDatabases, median, RUNS, SECONDS, urlFor } from './pg-tools.ts';
import { isMain, today, type BenchResult } from './report.ts';
import { KeepAliveConnection as Connection } from './keep-alive-connection.ts';

const CLIENTS = Number(process.env.BENCH_EVENT_CLIENTS ?? 16);
const EVENTS_DB = 'playhall_bench_events';
const BATCH = ClientConstants.tracker.batchSize;
const GOAL = 3;

/** A batch as the player app's tracker sends it: the common fields and 20 events of the catalogue. */
export function batchBody(seq: number): string {
  const time = Math.floor(Date.now() / 1000);
  const names = Object.values(TrackedEvent);
  const eventList = Array.from({ length: BATCH }, (_, i) => ({
    name: names[(seq + i) % names.length]!,
    time,
    props: i % 2 ? { path: '/member/profile' } : { gameId: 1000 + (i % 7), mode: 'real' },
  }));
  return JSON.stringify({ appId: 'playhall', channel: 'WEB', clientReferrer: '', platform: 0, appVersion: ClientConstants.appVersion, eventList });
}

interface Load {
  /** Requests answered per second (hello), or events stored per second (events). */
  perSecond: number;
  /** Requests answered, or events stored. */
  units: number;
  calls: number;
  failed: number;
}

async function drive(connections: Connection[], seconds: number, one: (conn: Connection, w: number, seq: number) => Promise<number | null>): Promise<Load> {
  const until = performance.now() + seconds * 1000;
  let units = 0;
  let calls = 0;
  let failed = 0;
  const start = performance.now();
  await Promise.all(
    connections.map(async (conn, w) => {
      let seq = 0;
      while (performance.now() < until) {
        const n = await one(conn, w, seq++);
        calls++;
        if (n === null) failed++;
        else units += n;
      }
    }),
  );
  return { perSecond: units / ((performance.now() - start) / 1000), units, calls, failed };
}


/**
 * The events benchmark's rig beside a listening app: the bare Fastify hello app, a keep-alive
 * connection per client to each (the app's from its own 127.0.1.x address, as the per-address limits
 * count), the tracker bodies and hello's body. Shared with bench/events-cpu.ts.
 */
export async function eventsRig(app: FastifyInstance, clients: number) {
  const hello = Fastify({ logger: false });
  hello.post('/hello', async () => ({ code: 200, msg: 'OK', data: { hello: 'world' } }));
  await hello.listen({ host: '127.0.0.1', port: 0 });
  const appConns = Array.from({ length: clients }, (_, w) => new Connection((app.server.address() as AddressInfo).port, `127.0.1.${1 + w}`));
  const helloConns = Array.from({ length: clients }, () => new Connection((hello.server.address() as AddressInfo).port));
  const bodies = Array.from({ length: 64 }, (_, i) => batchBody(i));
  const helloBody = JSON.stringify({ hello: 'world', appVersion: ClientConstants.appVersion });
  return { hello, appConns, helloConns, bodies, helloBody };
}
export async function benchEvents(): Promise<BenchResult> {
  await freshDatabases(EVENTS_DB);
  const database = await openDatabase({ url: urlFor(EVENTS_DB) });
  await migrate(database);
  await seed(database.db, { demo: false, hashPassword: async (p) => `bench:${p}` });

  const base = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', SMS_PROVIDER: 'log', PLAYER_DIST: '/nonexistent', DATA_DIR: '/tmp/playhall-events-bench' });
  const unlimited = 1_000_000_000;
  const config = {
    ...base,
    operatorToken: null,
    rateLimit: { globalPerMin: unlimited, authPerMin: unlimited, smsPerMin: unlimited, accountPerMin: unlimited },
    clientEvents: { perMin: unlimited, perClientPerDay: unlimited },
  };
  const app = await buildApp({ database, config });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { hello, appConns, helloConns, bodies, helloBody } = await eventsRig(app, CLIENTS);

  const postEvents = async (conn: Connection, _w: number, seq: number) => {
    const answer = JSON.parse(await conn.post('/app/v1/anonymous/appEventLogClient', bodies[seq % bodies.length]!)) as {
      code: number;
      data: { accepted: number } | null;
    };
    return answer.code === 200 && answer.data ? answer.data.accepted : null;
  };
  const postHello = async (conn: Connection) => ((JSON.parse(await conn.post('/hello', helloBody)) as { code: number }).code === 200 ? 1 : null);

  const runs: { hello: Load; events: Load }[] = [];
  let warmEvents = 0;
  // CPU per stored event, which a busy shared machine moves far less than the rates: this process's
  // (the server and its load generator) and the database backends' (read from /proc when the server
  // is local, else left out).
  const pids = async () =>
    (
      (await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as {
        rows: { pid: number }[];
      }
    ).rows.map((r) => r.pid);
  /** CPU ms of each backend of the bench's database now; null when /proc does not show them (a remote server). */
  const backendMs = async (): Promise<Map<number, number> | null> => {
    const out = new Map<number, number>();
    for (const pid of await pids()) {
      try {
        const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        out.set(pid, (Number(f[11]) + Number(f[12])) * 10);
      } catch {
        // Gone since the listing (the pool closes idle connections), or not on this machine.
      }
    }
    return out.size ? out : null;
  };
  /** CPU the backends used between two readings; one opened since counts whole, one closed since is lost (idle by then). */
  const backendDelta = (a: Map<number, number> | null, b: Map<number, number> | null): number | null =>
    a && b ? [...b].reduce((n, [pid, ms]) => n + ms - (a.get(pid) ?? 0), 0) : null;
  const cpu = { node: 0, pg: 0 as number | null, events: 0 };
  try {
    // Warm up both (JIT, the pool's connections, the planner's first plans).
    await drive(helloConns, 2, postHello);
    warmEvents = (await drive(appConns, 3, postEvents)).units;
    await database.db.execute(sql`analyze client_event`);
    for (let r = 1; r <= RUNS; r++) {
      const pair = {} as { hello: Load; events: Load };
      for (const which of r % 2 ? (['hello', 'events'] as const) : (['events', 'hello'] as const)) {
        if (which === 'hello') pair.hello = await drive(helloConns, SECONDS, postHello);
        else {
          const pg0 = await backendMs();
          const node0 = process.cpuUsage();
          pair.events = await drive(appConns, SECONDS, postEvents);
          const used = process.cpuUsage(node0);
          const pg = backendDelta(pg0, await backendMs());
          cpu.node += (used.user + used.system) / 1000;
          cpu.pg = cpu.pg === null || pg === null ? null : cpu.pg + pg;
          cpu.events += pair.events.units;
        }
      }
      runs.push(pair);
      console.log(
        `run ${r}: hello ${pair.hello.perSecond.toFixed(0)} req/s; events ${pair.events.perSecond.toFixed(0)} stored/s ` +
          `(${(pair.events.calls / SECONDS).toFixed(0)} batches/s, failed ${pair.events.failed}); ratio ${(pair.events.perSecond / pair.hello.perSecond).toFixed(2)}×`,
      );
    }
  } finally {
    for (const c of [...appConns, ...helloConns]) c.close();
    await app.close();
    await hello.close();
  }

  const stored = Number(((await database.db.execute(sql`select count(*)::text as n from client_event`)) as unknown as { rows: { n: string }[] }).rows[0]?.n);
  const accepted = warmEvents + runs.reduce((n, r) => n + r.events.units, 0);
  const server = ((await database.db.execute(sql`select version() as v`)) as unknown as { rows: { v: string }[] }).rows;
  await database.close();
  if (!process.env.BENCH_KEEP) await dropDatabases(EVENTS_DB);

  const ratios = runs.map((r) => r.events.perSecond / r.hello.perSecond);
  const ratio = median(ratios);
  const helloRps = median(runs.map((r) => r.hello.perSecond));
  const eventsPs = median(runs.map((r) => r.events.perSecond));
  const failed = runs.reduce((n, r) => n + r.events.failed + r.hello.failed, 0);
  const full = SECONDS >= 10 && RUNS >= 3;
  const markdown = `## Client events vs a Fastify hello POST

Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB. Server: ${String(server[0]?.v).split(',')[0]}.
${RUNS} interleaved runs of ${SECONDS} s, ${CLIENTS} keep-alive clients in the server's process. Events: \`anonymous/appEventLogClient\` with batches of
${BATCH} events (the tracker's body: common fields, names of the catalogue, small props), logged out as beacons are, each client from
its own loopback address (its own allowance), the rate limits raised but still checked; the batch is checked by the contract's
bounds on a fast path (zod decides anything unsure); batches arriving together are stored by one named statement (group commit:
the clients' day counters and the events' insert; decision 023). Hello: a bare
Fastify app answering \`POST /hello\` with a small JSON envelope. The ratio is the median of each run's events stored per second over
its hello requests per second.

| Hello req/s | Events stored/s | Batches/s | Ratio | Ratio runs | Failed calls |
|---:|---:|---:|---:|---|---:|
| ${helloRps.toFixed(0)} | ${eventsPs.toFixed(0)} | ${(eventsPs / BATCH).toFixed(0)} | ${ratio.toFixed(2)}× | ${ratios.map((x) => x.toFixed(2)).join(' / ')} | ${failed} |

CPU per stored event over the runs: ${((cpu.node * 1000) / cpu.events).toFixed(1)} µs in this process (server and clients)${
    cpu.pg === null ? '' : `, ${((cpu.pg * 1000) / cpu.events).toFixed(1)} µs in PostgreSQL's backends`
  }. Events answered as accepted over the warm-up and the runs: ${accepted}; rows in \`client_event\` afterwards: ${stored}${stored === accepted ? ' (every one stored)' : ' (**they differ**)'}.`;

  return {
    id: 'events',
    markdown,
    goals: [{ goal: `events stored/s ≥ ${GOAL}× a Fastify hello POST's req/s (batches of ${BATCH})`, measured: `${ratio.toFixed(2)}× (${eventsPs.toFixed(0)} events/s vs ${helloRps.toFixed(0)} req/s)`, met: ratio >= GOAL }],
    ok: failed === 0 && stored === accepted,
    full,
    date: today(),
  };
}

if (isMain(import.meta.url)) {
  const r = await benchEvents();
  console.log(r.markdown);
  for (const g of r.goals) console.log(`${g.goal}: ${g.measured} (${g.met ? 'met' : 'NOT met'})`);
  process.exit(r.ok ? 0 : 1);
}
