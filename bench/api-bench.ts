/**
 * The request path (issue 16 §1): the player's hot calls against a Fastify 5 hello-world POST, measured
 * as a new user would, with autocannon, on PGlite (the default) and on PostgreSQL, in the same run.
 *
 *   npx tsx bench/api-bench.ts, or BENCH_ONLY=api npm run bench
 *   env: BENCH_SECONDS=10 BENCH_RUNS=3 BENCH_API_DBS=pglite,postgres BENCH_API_CONNECTIONS=10,100
 *        BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/postgres
 *        BENCH_API_CALLS=refreshData,preLogin: only these calls (by path)
 *        BENCH_API_PROF=<dir>: the server runs with node --cpu-prof, its profile written there at exit
 *
 * The server is the real one, started as `npm start` starts it (the compiled build, `node --enable-source-maps
 * apps/server/dist/main.js`, built first), configured for production (NODE_ENV=production, LOG_LEVEL info,
 * the sampled request log written to a file) in a process of its own, with its rate limits raised out of
 * the way (they are still checked on every call). The hello is a bare Fastify app
 * (logger off) answering POST /hello with a small JSON envelope, in a process of its own on the same Node.
 * autocannon runs in this process (the bench does nothing else meanwhile): POSTs with the player app's
 * common fields; logged-in calls carry the bearer tokens of players registered through accountRegist,
 * one per connection. Every answer is checked (HTTP 200, code 200 and the expected data); a wrong one
 * counts as an error. For each database and connection count, BENCH_RUNS rounds each measure hello and
 * every call for BENCH_SECONDS, the order reversed every other round; a call's ratio is the median of
 * its rounds' req/s over the same round's hello, its p99 likewise over hello's p99.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { ClientConstants } from '@playhall/contract';
import { dropDatabases, freshDatabases, median, RUNS, SECONDS, urlFor } from './pg-tools.ts';
import { isMain, today, type BenchResult, type Goal } from './report.ts';
import { run as runFile } from './pg-tools.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const TMP = join(ROOT, 'bench', '.tmp', 'api');
const API_DB = 'playhall_bench_api';
const DBS = (process.env.BENCH_API_DBS ?? 'pglite,postgres').split(',').map((s) => s.trim()) as Target[];
const CONNECTIONS = (process.env.BENCH_API_CONNECTIONS ?? '10,100').split(',').map(Number);
const PLAYERS = Math.max(...CONNECTIONS);
const UNLIMITED = '1000000000';

export type Target = 'pglite' | 'postgres';
/** Goals (issue 16 §1): throughput ratio at 10 connections per database, p99 ratio at 100. */
const RATIO_GOAL: Record<Target, number> = { postgres: 0.5, pglite: 0.2 };
const ANON_GOAL = 0.7;
const P99_GOAL = 3;

export const COMMON = { appId: 'playhall', channel: 'WEB', clientReferrer: '', platform: 0, appVersion: ClientConstants.appVersion };

export interface Call {
  name: string;
  path: string;
  body: Record<string, unknown>;
  auth: boolean;
  /** The answer's data is what this call must answer. */
  check: (data: Record<string, unknown>) => boolean;
}

export type Json = Record<string, unknown>;
const isArray = (x: unknown) => Array.isArray(x);

export function calls(gameListVersion: number): Call[] {
  return [
    { name: 'refreshData', path: 'refreshData', body: {}, auth: true, check: (d) => d.errcode === 0 && d.coin === 0 && d.hasPassword === true && d.vip === 0 },
    {
      name: 'getAfterLoginInfoWeb',
      path: 'getAfterLoginInfoWeb',
      body: {},
      auth: true,
      check: (d) => (d.user as Json | undefined)?.coin === 0 && isArray((d.appGameDataUser as Json | undefined)?.gameLikes) && isArray((d.activityIds as Json | undefined)?.activityIds),
    },
    { name: 'online', path: 'online', body: {}, auth: true, check: (d) => d.coin === 0 },
    {
      name: 'preLogin (anonymous)',
      path: 'preLogin',
      // A returning visitor: its stored catalogue is current, so the lists are not sent again.
      body: { gameListVersion, lang: 'en-US', deviceId: 'bench-device' },
      auth: false,
      check: (d) => d.user === null && d.gameLists === null && d.gameListVersion === gameListVersion && isArray(d.appCustomerServiceQueue) && isArray(d.notices),
    },
    {
      name: 'anonymous/appConfig',
      path: 'anonymous/appConfig',
      body: { lang: 'en-US' },
      auth: false,
      check: (d) => d.gameListVersion === gameListVersion && isArray(d.faq) && (d.faq as unknown[]).length > 0 && isArray(d.notices),
    },
  ];
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  /** Wrong answers and connection errors (timeouts apart). */
  errors: number;
  timeouts: number;
  requests: number;
  /** Bytes per answer (head and body). */
  bytes: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, what: string, init?: RequestInit): Promise<void> {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} before answering`);
    try {
      if ((await fetch(url, init)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer ${url} within 120 s`);
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

const HELLO_SOURCE = `
import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.post('/hello', async () => ({ code: 200, msg: 'OK', data: { hello: 'world' } }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
`;

export async function startHello(): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  // Resolved from the repository's node_modules, as the server's own Fastify is.
  const child = spawn(process.execPath, ['--input-type=module', '-e', HELLO_SOURCE], { cwd: join(ROOT, 'apps', 'server'), env: { ...process.env, PORT: String(port) }, stdio: 'inherit' });
  await waitFor(`http://127.0.0.1:${port}/hello`, child, 'the hello server', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  return { child, port };
}

export interface Server {
  child: ChildProcess;
  port: number;
  logFile: string;
}

let built = false;

/** The server as `npm start` runs it: compiled (built here once per bench), plain node. */
async function buildServer(): Promise<void> {
  if (built) return;
  await runFile(process.execPath, [join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT });
  built = true;
}

export async function startServer(target: Target): Promise<Server> {
  await buildServer();
  const port = await freePort();
  const dataDir = join(TMP, 'data');
  rmSync(dataDir, { recursive: true, force: true });
  if (target === 'postgres') await freshDatabases(API_DB);
  mkdirSync(TMP, { recursive: true });
  const logFile = join(TMP, `server-${target}.log`);
  const log = createWriteStream(logFile);
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    // Production as configured: its defaults (LOG_LEVEL info, the sampled request log), with the
    // secrets production requires set to bench values.
    NODE_ENV: 'production',
    OPERATOR_TOKEN: 'bench-operator-token-0123456789abcdef',
    ORIGINALS_PROVIDER_SECRET: 'bench-originals-secret-0123456789',
    SANDBOX_PAYMENT_SECRET: 'bench-sandbox-secret-0123456789',
    SMS_PROVIDER: 'log',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    PLAYER_DIST: '/nonexistent',
    RATE_LIMIT_GLOBAL_PER_MIN: UNLIMITED,
    RATE_LIMIT_AUTH_PER_MIN: UNLIMITED,
    RATE_LIMIT_ACCOUNT_PER_MIN: UNLIMITED,
    ...(target === 'postgres' ? { DATABASE_URL: urlFor(API_DB) } : {}),
  };
  const prof = process.env.BENCH_API_PROF;
  const args = [...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []), '--enable-source-maps', join(ROOT, 'apps/server/dist/main.js')];
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  await waitFor(`http://127.0.0.1:${port}/healthz`, child, `the server (${target})`);
  return { child, port, logFile };
}

export async function post(port: number, path: string, body: Json, token?: string): Promise<Json> {
  const res = await fetch(`http://127.0.0.1:${port}/app/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ ...COMMON, ...body }),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: Json };
  if (answer.code !== 200) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

export async function registerPlayers(port: number, run: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const data = await post(port, 'accountRegist', { account: `bench_${run[0]}_${i}`, password: 'bench-password-1', deviceId: `bench-${run}-${i}` });
    tokens.push(data.token as string);
  }
  return tokens;
}

/** One autocannon run; every answer is checked. */
async function load(port: number, path: string, body: string, connections: number, seconds: number, check: (raw: string) => boolean, tokens?: string[]): Promise<Load> {
  let wrong = 0;
  let next = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json' },
        body,
        onResponse: (status: number, raw: string) => {
          if (status !== 200 || !check(raw)) wrong++;
        },
      },
    ],
    ...(tokens ? { setupClient: (client: { setHeaders: (h: Record<string, string>) => void }) => client.setHeaders({ 'content-type': 'application/json', authorization: `Bearer ${tokens[next++ % tokens.length]}` }) } : {}),
  } as autocannon.Options);
  return {
    rps: result.requests.total / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon counts a timeout among its errors; they are reported on their own.
    errors: wrong + result.non2xx + result.errors - result.timeouts,
    timeouts: result.timeouts,
    requests: result.requests.total,
    bytes: result.throughput.total / Math.max(result.requests.total, 1),
  };
}

/**
 * Checks an answer: HTTP 200 is checked by the caller; here code 200 and the expected data. An answer
 * whose text is exactly that of one already checked in full is right too, and costs a string
 * comparison instead of a JSON parse: autocannon runs on the same two cores as the server, and its
 * parse of every 1-7 kB answer was 40-50 % of the client's CPU per request (decision 067), measured
 * against the server instead of the server alone. Up to 1,000 distinct answers are kept (the logged-in
 * calls answer each player their own); past that every new one is parsed.
 */
export function envelopeCheck(check: (d: Json) => boolean): (raw: string) => boolean {
  const checked = new Set<string>();
  return (raw) => {
    if (checked.has(raw)) return true;
    try {
      const a = JSON.parse(raw) as { code: number; data: Json };
      const right = a.code === 200 && check(a.data);
      if (right && checked.size < 1000) checked.add(raw);
      return right;
    } catch {
      return false;
    }
  };
}

interface Row {
  target: Target;
  connections: number;
  call: string;
  ratios: number[];
  p99Ratios: number[];
  rps: number;
  helloRps: number;
  p99: number;
  helloP99: number;
  errors: number;
  timeouts: number;
  bytes: number;
}

export async function benchApi(): Promise<BenchResult> {
  mkdirSync(TMP, { recursive: true });
  const hello = await startHello();
  const helloBody = JSON.stringify({ ...COMMON, hello: 'world' });
  const helloCheck = envelopeCheck((d) => d.hello === 'world');
  const rows: Row[] = [];
  const logs: Record<string, string> = {};
  let helloBytes = 0;
  try {
    for (const target of DBS) {
      const server = await startServer(target);
      try {
        const tokens = await registerPlayers(server.port, target);
        const version = (await post(server.port, 'anonymous/appConfig', {})).gameListVersion as number;
        const only = process.env.BENCH_API_CALLS?.split(',').map((x) => x.trim());
        const list = calls(version).filter((c) => !only || only.includes(c.path));
        const bodyOf = (c: Call) => JSON.stringify({ ...COMMON, ...c.body });
        const loadCall = (c: Call, conns: number, seconds: number) =>
          load(server.port, `/app/v1/${c.path}`, bodyOf(c), conns, seconds, envelopeCheck(c.check), c.auth ? tokens : undefined);
        // Warm-up: JIT, the pool's connections, the caches, the planner's first plans.
        helloBytes = (await load(hello.port, '/hello', helloBody, 10, 2, helloCheck)).bytes;
        for (const c of list) {
          const w = await loadCall(c, 10, 2);
          if (w.errors) console.warn(`warm-up ${c.name}: ${w.errors} wrong answers of ${w.requests}`);
        }
        const logBefore = statSync(server.logFile).size;
        let served = 0;
        for (const conns of CONNECTIONS) {
          const rounds: { hello: Load; calls: Load[] }[] = [];
          for (let r = 1; r <= RUNS; r++) {
            const round = { hello: null as Load | null, calls: [] as Load[] };
            const order = [-1, ...list.map((_, i) => i)];
            if (r % 2 === 0) order.reverse();
            for (const i of order) {
              if (i < 0) round.hello = await load(hello.port, '/hello', helloBody, conns, SECONDS, helloCheck);
              else {
                round.calls[i] = await loadCall(list[i]!, conns, SECONDS);
                served += round.calls[i]!.requests;
              }
            }
            rounds.push(round as { hello: Load; calls: Load[] });
            console.log(
              `${target} ${conns} conns, round ${r}: hello ${round.hello!.rps.toFixed(0)} req/s p99 ${round.hello!.p99} ms; ` +
                list.map((c, i) => `${c.name} ${round.calls[i]!.rps.toFixed(0)} (${(round.calls[i]!.rps / round.hello!.rps).toFixed(3)}×) p99 ${round.calls[i]!.p99} ms${round.calls[i]!.errors ? ` ERR ${round.calls[i]!.errors}` : ''}`).join('; '),
            );
          }
          list.forEach((c, i) => {
            rows.push({
              target,
              connections: conns,
              call: c.name,
              ratios: rounds.map((r) => r.calls[i]!.rps / r.hello.rps),
              p99Ratios: rounds.map((r) => r.calls[i]!.p99 / Math.max(r.hello.p99, 1)),
              rps: median(rounds.map((r) => r.calls[i]!.rps)),
              helloRps: median(rounds.map((r) => r.hello.rps)),
              p99: median(rounds.map((r) => r.calls[i]!.p99)),
              helloP99: median(rounds.map((r) => r.hello.p99)),
              errors: rounds.reduce((n, r) => n + r.calls[i]!.errors + r.hello.errors, 0),
              timeouts: rounds.reduce((n, r) => n + r.calls[i]!.timeouts + r.hello.timeouts, 0),
              bytes: rounds[0]!.calls[i]!.bytes,
            });
          });
        }
        const bytes = statSync(server.logFile).size - logBefore;
        logs[target] = `${(bytes / Math.max(served, 1)).toFixed(1)} bytes of log per request (${(bytes / 2 ** 20).toFixed(1)} MiB for ${served} requests)`;
      } finally {
        await stop(server.child);
        if (target === 'postgres' && !process.env.BENCH_KEEP) await dropDatabases(API_DB);
      }
    }
  } finally {
    await stop(hello.child);
  }
  return report(rows, logs, helloBytes);
}

function report(rows: Row[], logs: Record<string, string>, helloBytes: number): BenchResult {
  const goals: Goal[] = [];
  const anonymous = (call: string) => call.startsWith('preLogin') || call.startsWith('anonymous/');
  for (const target of DBS) {
    const at10 = rows.filter((r) => r.target === target && r.connections === 10);
    for (const r of at10) {
      const goal = anonymous(r.call) ? ANON_GOAL : RATIO_GOAL[target];
      const ratio = median(r.ratios);
      goals.push({ goal: `\`${r.call}\` on ${target}, 10 connections: ≥ ${goal}× hello's req/s`, measured: `${ratio.toFixed(3)}× (${r.rps.toFixed(0)} vs ${r.helloRps.toFixed(0)} req/s)`, met: ratio >= goal });
    }
    const at100 = rows.filter((r) => r.target === target && r.connections === 100 && !anonymous(r.call));
    if (at100.length) {
      const worst = at100.reduce((a, b) => (median(b.p99Ratios) > median(a.p99Ratios) ? b : a));
      const timeouts = at100.reduce((n, r) => n + r.timeouts, 0);
      goals.push({
        goal: `logged-in calls on ${target}, 100 connections: p99 ≤ ${P99_GOAL}× hello's, no timeouts`,
        measured: `worst ${worst.call} ${median(worst.p99Ratios).toFixed(1)}× (${worst.p99} vs ${worst.helloP99} ms), ${timeouts} timeouts`,
        met: median(worst.p99Ratios) <= P99_GOAL && timeouts === 0,
      });
    }
  }
  const errors = rows.reduce((n, r) => n + r.errors, 0);
  goals.push({ goal: 'every answer checked: HTTP 200, code 200 and the expected data', measured: `${errors} wrong answers`, met: errors === 0 });
  const table = rows
    .map(
      (r) =>
        `| ${r.target} | ${r.connections} | \`${r.call}\` | ${r.rps.toFixed(0)} | ${r.helloRps.toFixed(0)} | ${median(r.ratios).toFixed(3)}× | ${r.ratios.map((x) => x.toFixed(3)).join(' / ')} | ${r.p99} / ${r.helloP99} ms | ${median(r.p99Ratios).toFixed(1)}× | ${r.bytes.toFixed(0)} | ${r.timeouts} | ${r.errors} |`,
    )
    .join('\n');
  const markdown = `## API: the player's hot calls vs a Fastify hello POST

Machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}.
The server as \`npm start\` runs it (the compiled build, \`node --enable-source-maps apps/server/dist/main.js\`), configured for
production (\`NODE_ENV=production\`, \`LOG_LEVEL\` info, the sampled request log written to a file), in its own process, on PGlite (a fresh data directory) and on PostgreSQL (a fresh database), rate
limits raised (still checked). Hello: a bare Fastify app (logger off) answering \`POST /hello\` in its own process. autocannon in
the bench's process, POSTs with the app's common fields; logged-in calls carry ${PLAYERS} players' bearer tokens (one per
connection); preLogin as a returning visitor (its catalogue version current), appConfig in en-US; no \`Accept-Encoding\` (no
compression). Every answer checked (HTTP 200, code 200, the expected data). ${RUNS} rounds of ${SECONDS} s per connection count,
each measuring hello and every call, the order reversed every other round; ratio = the median of the rounds' call req/s over
the same round's hello; p99 ratio likewise.

| DB | Conns | Call | req/s | Hello req/s | Ratio | Ratio rounds | p99 call / hello | p99 ratio | Answer bytes | Timeouts | Wrong |
|---|---:|---|---:|---:|---:|---|---:|---:|---:|---:|---:|
${table}

Hello's answer: ${helloBytes.toFixed(0)} bytes (head and body). Request log: ${Object.entries(logs).map(([t, s]) => `${t} ${s}`).join('; ')}.

The figures before the one-statement reads, the configuration caches and the sampled request log: decision 041. The group
reads, the configuration answers kept as text, CPU per request before and after (\`bench/api-cpu.ts\`) and the bounds left
for the goals not met: decision 054. Answers before routing: decisions 067 (visitors) and 070 (a player's reads); the
ceiling of the logged-in reads on PostgreSQL at 10 connections, measured: decision 069.`;
  return { id: 'api', markdown, goals, ok: errors === 0, full: SECONDS >= 10 && RUNS >= 3 && DBS.length === 2, date: today() };
}

if (isMain(import.meta.url)) {
  const r = await benchApi();
  console.log(r.markdown);
  for (const g of r.goals) console.log(`${g.goal}: ${g.measured} (${g.met ? 'met' : 'NOT met'})`);
  process.exit(r.ok ? 0 : 1);
}
