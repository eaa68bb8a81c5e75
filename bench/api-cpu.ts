/**
 * Where a hot call's time goes, measured so that the machine's other load moves it little: the CPU
 * time the server process (all its threads) and, on PostgreSQL, the database's backends serving this
 * server spend per request, over a fixed number of requests, next to the same figure for the Fastify
 * hello POST of the api bench. CPU time comes from the kernel's scheduler statistics
 * (/proc/<pid>/task/<tid>/schedstat, nanoseconds on the CPU), so time spent waiting for a core
 * does not count. Not part of `npm run bench` (it writes nothing): a tool for the request path's work
 * (decisions 041, 054).
 *
 *   npx tsx bench/api-cpu.ts
 *   env: BENCH_API_DBS=pglite,postgres  BENCH_CPU_REQUESTS=5000  BENCH_CPU_ROUNDS=3  BENCH_CPU_CONNECTIONS=10
 *        BENCH_API_CALLS=refreshData,preLogin  BENCH_API_PROF=<dir> (the server's --cpu-prof)
 */
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { calls, COMMON, envelopeCheck, post, registerPlayers, startHello, startServer, stop, type Call, type Target } from './api-bench.ts';
import { dropDatabases, median, urlFor } from './pg-tools.ts';

const DBS = (process.env.BENCH_API_DBS ?? 'pglite,postgres').split(',').map((s) => s.trim()) as Target[];
const REQUESTS = Number(process.env.BENCH_CPU_REQUESTS ?? 5000);
const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CPU_CONNECTIONS ?? 10);
const API_DB = 'playhall_bench_api';

/** Nanoseconds on the CPU of every thread of a process (threads that ended are not counted). */
function cpuNs(pid: number): number {
  let total = 0;
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return 0;
  }
  for (const tid of tasks) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      /* the thread ended */
    }
  }
  return total;
}

async function run(port: number, path: string, body: string, check: (raw: string) => boolean, tokens?: string[]): Promise<number> {
  let wrong = 0;
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    amount: REQUESTS,
    timeout: 30,
    requests: [{ method: 'POST', path, headers: { 'content-type': 'application/json' }, body, onResponse: (status: number, raw: string) => void (status !== 200 || !check(raw) ? wrong++ : 0) }],
    ...(tokens ? { setupClient: (client: { setHeaders: (h: Record<string, string>) => void }) => client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${tokens[next++ % tokens.length]}` }) } : {}),
  } as autocannon.Options);
  if (wrong || result.errors) throw new Error(`${path}: ${wrong} wrong answers, ${result.errors} errors`);
  return result.requests.total;
}

/** CPU per request (µs) of the server and of the database backends named by `backends`. */
async function measure(pid: number, backends: () => Promise<number[]>, go: () => Promise<number>): Promise<{ node: number; db: number; client: number }> {
  const pids = await backends();
  const n0 = cpuNs(pid);
  const d0 = pids.map(cpuNs);
  const c0 = process.cpuUsage();
  const requests = await go();
  const c = process.cpuUsage(c0);
  const n1 = cpuNs(pid);
  const d1 = pids.map(cpuNs);
  const db = d1.reduce((s, v, i) => s + Math.max(0, v - d0[i]!), 0);
  return { node: (n1 - n0) / requests / 1000, db: db / requests / 1000, client: (c.user + c.system) / requests };
}

const hello = await startHello();
const helloBody = JSON.stringify({ ...COMMON, hello: 'world' });
const helloCheck = envelopeCheck((d) => d.hello === 'world');
try {
  for (const target of DBS) {
    const server = await startServer(target);
    const admin = target === 'postgres' ? new pg.Client({ connectionString: urlFor('postgres') }) : null;
    await admin?.connect();
    const backends = async () =>
      admin ? (await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [API_DB])).rows.map((r) => r.pid) : [];
    try {
      const tokens = await registerPlayers(server.port, target);
      const version = (await post(server.port, 'anonymous/appConfig', {})).gameListVersion as number;
      const only = process.env.BENCH_API_CALLS?.split(',').map((x) => x.trim());
      const list = calls(version).filter((c) => !only || only.includes(c.path));
      const go = (c: Call) => () => run(server.port, `/app/v1/${c.path}`, JSON.stringify({ ...COMMON, ...c.body }), envelopeCheck(c.check), c.auth ? tokens : undefined);
      const goHello = () => run(hello.port, '/hello', helloBody, helloCheck);
      // Warm-up: JIT, pools, caches.
      await goHello();
      for (const c of list) await go(c)();
      const results = new Map<string, { node: number[]; db: number[]; client: number[] }>();
      const add = (name: string, r: { node: number; db: number; client: number }) => {
        const e = results.get(name) ?? { node: [], db: [], client: [] };
        e.node.push(r.node);
        e.db.push(r.db);
        e.client.push(r.client);
        results.set(name, e);
      };
      for (let r = 0; r < ROUNDS; r++) {
        add('hello', await measure(hello.child.pid!, async () => [], goHello));
        for (const c of list) add(c.name, await measure(server.child.pid!, backends, go(c)));
      }
      // Group reads (decision 054): ids per statement, from /metrics.
      const metrics = await (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();
      const sums = new Map<string, { sum: number; count: number }>();
      for (const m of metrics.matchAll(/^playhall_group_commit_batch_size_(sum|count)\{batcher="(read_[^"]+)"\} (\S+)$/gm)) {
        const e = sums.get(m[2]!) ?? { sum: 0, count: 0 };
        e[m[1] as 'sum' | 'count'] = Number(m[3]);
        sums.set(m[2]!, e);
      }
      const batches = [...sums].map(([k, e]) => `${k} ${(e.sum / Math.max(e.count, 1)).toFixed(1)} ids/statement`).join(', ');
      console.log(`\n${target}: CPU µs per request (median of ${ROUNDS} rounds of ${REQUESTS} requests, ${CONNECTIONS} connections; rounds in brackets)${batches ? `; ${batches}` : ''}`);
      const h = median(results.get('hello')!.node);
      for (const [name, e] of results) {
        const node = median(e.node);
        const db = median(e.db);
        console.log(
          `  ${name.padEnd(24)} node ${node.toFixed(1).padStart(7)} [${e.node.map((x) => x.toFixed(0)).join(' ')}]` +
            `  db ${db.toFixed(1).padStart(6)} [${e.db.map((x) => x.toFixed(0)).join(' ')}]  total/hello ${((node + db) / h).toFixed(2)}×` +
            `  client ${median(e.client).toFixed(1).padStart(6)} [${e.client.map((x) => x.toFixed(0)).join(' ')}]`,
        );
      }
    } finally {
      await admin?.end();
      await stop(server.child);
      if (target === 'postgres' && !process.env.BENCH_KEEP) await dropDatabases(API_DB);
    }
  }
} finally {
  await stop(hello.child);
}
