/**
 * Where the client events' CPU goes, measured so that the machine's other load moves it little
 * (issue 15 §3, decisions 039 and 058): the same fixed work as the events bench (16 keep-alive
 * clients, each from its own loopback address, posting the tracker's batches of 20 to
 * anonymous/appEventLogClient on PostgreSQL, rate limits raised but checked), counted, not timed:
 * CPU per stored event in this process (server and clients, as the bench counts it) and in the
 * database's backends, statements per batch (group commit), next to the CPU per request of the
 * bench's hello POST driven by the same clients. Not part of `npm run bench` (it writes nothing).
 *
 *   npx tsx bench/events-cpu.ts       env: BENCH_CPU_BATCHES=20000 (per round) BENCH_CPU_ROUNDS=3 BENCH_EVENT_CLIENTS=16
 *   BENCH_CPU_PROF=<file.cpuprofile>: the inspector's CPU profile of the events' rounds only (open it in Chrome's DevTools)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seed } from '../apps/server/src/db/seed/index.ts';
import { groupCommitBatch } from '../apps/server/src/lib/metrics.ts';
import { eventsRig } from './events-bench.ts';
import type { KeepAliveConnection as Connection } from './keep-alive-connection.ts';
import { dropDatabases, freshDatabases, median, urlFor } from './pg-tools.ts';

const BATCHES = Number(process.env.BENCH_CPU_BATCHES ?? 20_000);
const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 3);
const CLIENTS = Number(process.env.BENCH_EVENT_CLIENTS ?? 16);
const DB = process.env.BENCH_CPU_DB ?? 'playhall_bench_events_cpu';

await freshDatabases(DB);
const database = await openDatabase({ url: urlFor(DB) });
await migrate(database);
await seed(database.db, { demo: false, hashPassword: async (p) => `bench:${p}` });
const base = loadConfig({ NODE_ENV: 'development', LOG_LEVEL: 'silent', SMS_PROVIDER: 'log', PLAYER_DIST: '/nonexistent', DATA_DIR: '/tmp/playhall-events-cpu' });
const unlimited = 1_000_000_000;
const app = await buildApp({
  database,
  config: {
    ...base,
    operatorToken: null,
    rateLimit: { globalPerMin: unlimited, authPerMin: unlimited, smsPerMin: unlimited, accountPerMin: unlimited },
    clientEvents: { perMin: unlimited, perClientPerDay: unlimited },
  },
});
await app.listen({ host: '127.0.0.1', port: 0 });
const { hello, appConns, helloConns, bodies, helloBody } = await eventsRig(app, CLIENTS);

/** `total` calls shared by the clients, each posting back to back; answers the units counted. */
async function drive(conns: Connection[], total: number, one: (conn: Connection, seq: number) => Promise<number>): Promise<number> {
  let next = 0;
  let units = 0;
  await Promise.all(
    conns.map(async (conn) => {
      while (next < total) {
        const n = await one(conn, next++);
        units += n;
      }
    }),
  );
  return units;
}
const postEvents = async (conn: Connection, seq: number) => {
  const a = JSON.parse(await conn.post('/app/v1/anonymous/appEventLogClient', bodies[seq % bodies.length]!)) as { code: number; data: { accepted: number } | null };
  if (a.code !== 200 || !a.data) throw new Error(`events answered ${JSON.stringify(a)}`);
  return a.data.accepted;
};
const postHello = async (conn: Connection) => {
  if ((JSON.parse(await conn.post('/hello', helloBody)) as { code: number }).code !== 200) throw new Error('hello failed');
  return 1;
};

const backendPids = async () =>
  ((await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as { rows: { pid: number }[] }).rows.map(
    (r) => r.pid,
  );
/** CPU ms of each of the given backends still there (utime + stime, in clock ticks of 10 ms). */
const backendMs = (pids: number[]) => {
  const out = new Map<number, number>();
  for (const pid of pids) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      out.set(pid, (Number(f[11]) + Number(f[12])) * 10);
    } catch {
      // Closed since (the pool closes idle connections): idle by then, its share is lost.
    }
  }
  return out;
};
/** CPU the backends used between two readings; one opened since counts whole. */
const backendDelta = (a: Map<number, number>, b: Map<number, number>) => [...b].reduce((n, [pid, ms]) => n + ms - (a.get(pid) ?? 0), 0);
const statements = async () => {
  const m = (await groupCommitBatch.get()).values.filter((v) => v.labels.batcher === 'client_events');
  return { count: m.find((v) => v.metricName?.endsWith('_count'))?.value ?? 0, sum: m.find((v) => v.metricName?.endsWith('_sum'))?.value ?? 0 };
};
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

const PROF = process.env.BENCH_CPU_PROF;
const inspector = PROF ? new Session() : null;
if (inspector) {
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 200 });
}
const rows: { hello: number; node: number; pg: number; perStatement: number; ratio: number }[] = [];
try {
  await drive(helloConns, BATCHES / 2, postHello);
  await drive(appConns, BATCHES / 2, postEvents);
  await database.db.execute(sql`analyze client_event`);
  for (let r = 0; r < ROUNDS; r++) {
    let c0 = process.cpuUsage();
    let t0 = performance.now();
    const hellos = await drive(helloConns, BATCHES * 4, postHello);
    const helloUs = (cpuMs(process.cpuUsage(c0)) * 1000) / hellos;
    const helloRate = hellos / (performance.now() - t0);
    const pids = await backendPids();
    const pg0 = backendMs(pids);
    const s0 = await statements();
    await inspector?.post('Profiler.start');
    c0 = process.cpuUsage();
    t0 = performance.now();
    const events = await drive(appConns, BATCHES, postEvents);
    const nodeUs = (cpuMs(process.cpuUsage(c0)) * 1000) / events;
    const eventRate = events / (performance.now() - t0);
    if (inspector) writeFileSync(`${PROF}${r ? `.${r}` : ''}`, JSON.stringify((await inspector.post('Profiler.stop')).profile));
    const pgUs = (backendDelta(pg0, backendMs(await backendPids())) * 1000) / events;
    const s1 = await statements();
    rows.push({ hello: helloUs, node: nodeUs, pg: pgUs, perStatement: (s1.sum - s0.sum) / Math.max(1, s1.count - s0.count), ratio: eventRate / helloRate });
    console.log(
      `round ${r + 1}: hello ${helloUs.toFixed(1)} µs/request; events: node ${nodeUs.toFixed(2)} µs/event, PostgreSQL ${pgUs.toFixed(2)} µs/event, ` +
        `${rows.at(-1)!.perStatement.toFixed(1)} batches/statement; rates (noisy) ${(eventRate * 1000).toFixed(0)} events/s vs ${(helloRate * 1000).toFixed(0)} hello/s: ${rows.at(-1)!.ratio.toFixed(2)}×`,
    );
  }
} finally {
  for (const c of [...appConns, ...helloConns]) c.close();
  await app.close();
  await hello.close();
  await database.close();
  if (!process.env.BENCH_KEEP) await dropDatabases(DB);
}
const m = (k: keyof (typeof rows)[number]) => median(rows.map((r) => r[k]));
console.log(
  `median of ${ROUNDS} rounds of ${BATCHES} batches (${CLIENTS} clients): hello ${m('hello').toFixed(1)} µs/request; node ${m('node').toFixed(2)} µs/event, ` +
    `PostgreSQL ${m('pg').toFixed(2)} µs/event, ${m('perStatement').toFixed(1)} batches/statement; hello/node ${(m('hello') / m('node')).toFixed(2)}×; rate ratio (noisy) ${m('ratio').toFixed(2)}×`,
);
