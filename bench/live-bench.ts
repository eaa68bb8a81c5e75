/**
 * Live pushes (issue 18 §4, decision 053): 10,000 WebSockets at 1 Hz from one process, every tick
 * delivered, p99 delivery latency < 100 ms, and the CPU per delivery of our hub ≤ 1.2× a raw `ws`
 * broadcast measured in the same run, on the same sockets, with the same message.
 *
 *   npx tsx bench/live-bench.ts, or BENCH_ONLY=live npm run bench
 *   env: LIVE_CLIENTS=10000 BENCH_RUNS=3 BENCH_LIVE_TICKS=10 (ticks per phase); BENCH_QUICK=1: 1,000
 *        sockets, 3 ticks, to check that the benchmark works. With Redis at TEST_REDIS_URL (default
 *        redis://127.0.0.1:6379) a third phase publishes through Redis pub/sub, as several instances do.
 *        LIVE_CLIENT_THREADS (default 1): the threads the clients' sockets are spread over.
 *
 * This process is the server: the live module's hub (`LiveHub`, `createLiveService`, what the app
 * mounts on its HTTP server) on a plain HTTP server. The clients are one child process
 * (bench/live-clients.ts) holding every socket over LIVE_CLIENT_THREADS threads (real clients are
 * 10,000 phones reading in parallel), each socket subscribed to the jackpot topic. Each tick
 * publishes one message the size of the jackpot pools (with its sequence number and send time):
 *   - hub:   `live.publish('jackpot', message)` in process (serialised once, sent to each subscriber);
 *   - raw:   the baseline, ws's broadcast as its documentation writes it: the frame serialised once
 *            into a Buffer, then `for (const ws of clients) if (ws.readyState === OPEN) ws.send(buf)`;
 *   - redis: `live.publish` with REDIS_URL: PUBLISH, the subscription's message, then the same delivery;
 *   - idle:  nothing sent, to subtract what the process spends anyway (timers, GC).
 * Phases of BENCH_LIVE_TICKS ticks alternate, their order reversed every other round, BENCH_RUNS rounds.
 * CPU per delivery = this process's CPU time in a phase (user + system, `process.cpuUsage`) less the
 * idle phase's, over the frames sent; the ratio is the median of the rounds' hub / raw. Latency is
 * measured by the clients: receive time minus the message's send time (both epoch clocks of one machine).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { LiveTopics } from '@playhall/contract';
import { LiveHub } from '../apps/server/src/modules/live/live.hub.ts';
import { createLiveService, type LiveService } from '../apps/server/src/modules/live/live.service.ts';
import { isRedisReachable } from '../apps/server/src/test/redis.ts';
import { isMain, runAndRecord, today, type BenchResult, type Goal } from './report.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const QUICK = Boolean(process.env.BENCH_QUICK);
const N = Number(process.env.LIVE_CLIENTS ?? (QUICK ? 1_000 : 10_000));
const RUNS = Number(process.env.BENCH_RUNS ?? (QUICK ? 1 : 3));
const TICKS = Number(process.env.BENCH_LIVE_TICKS ?? (QUICK ? 3 : 10));
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The clients' threads. Default 1: on 2 cores shared with the server, more measured no better (decision 057). */
const CLIENT_THREADS = Number(process.env.LIVE_CLIENT_THREADS ?? 1);

type Mode = 'hub' | 'raw' | 'redis' | 'idle';
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const int = (x: number) => Math.round(x).toLocaleString('en-US');

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined, child: () => silent } as unknown as FastifyBaseLogger;

/** A message the size and shape of the jackpot's pool totals (about 250 bytes). */
function message(seq: number) {
  return {
    type: 'pools',
    seq,
    sentAt: now(),
    pools: { total: 1_234_567_890 + seq, mega: 812_345_678, major: 312_345_678, minor: 81_234_567, mini: 28_641_967 },
    sections: { mega: [50_000_000, 500_000_000], major: [5_000_000, 50_000_000], minor: [500_000, 5_000_000], mini: [10_000, 500_000] },
  };
}

function openFiles(): number {
  const line = readFileSync('/proc/self/limits', 'utf8').split('\n').find((l) => l.startsWith('Max open files'));
  return Number(line?.split(/\s+/)[3] ?? NaN);
}


interface Report {
  ticks: number;
  delivered: number;
  expected: number;
  incompleteTicks: number;
  p50: number;
  p99: number;
  max: number;
  /** The median tick's time to its last socket. */
  lastMedian: number;
}

export async function benchLive(): Promise<BenchResult> {
  // Both processes hold a descriptor per socket: Node raises its soft limit to the hard one at start.
  const limit = openFiles();
  if (!(limit >= N + 512)) throw new Error(`open files limit ${limit} is below the ${N} sockets this benchmark holds in each process: raise ulimit -n (hard) or set LIVE_CLIENTS`);
  const withRedis = await isRedisReachable(REDIS_URL);
  if (!withRedis) console.warn(`Redis not reachable at ${REDIS_URL}: the redis phase is skipped`);

  const topics = [...LiveTopics];
  // The limits out of the way of one address holding every socket; pings rare enough to stay out of the phases.
  const hub = new LiveHub({
    topics,
    limits: { maxSockets: N + 100, maxSocketsPerIp: N + 100, upgradesPerIpPerMin: N * 2, pingIntervalMs: 3_600_000, maxBufferedBytes: 1 << 20 },
    log: silent,
    trustProxy: false,
    corsOrigins: [],
  });
  const local = createLiveService({ hub, topics, redisUrl: undefined, log: silent });
  // Channels of its own: the shared Redis also carries other processes' live pushes (tests, servers).
  const viaRedis: LiveService | null = withRedis ? createLiveService({ hub, topics, redisUrl: REDIS_URL, log: silent, channelPrefix: `playhall-live-bench-${process.pid}:` }) : null;
  hub.start();
  await viaRedis?.start();
  const server: Server = createServer((_req, res) => res.writeHead(404).end());
  server.on('upgrade', (req, socket, head) => hub.handleUpgrade(req, socket, head));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;

  const child: ChildProcess = fork(join(ROOT, 'bench/live-clients.ts'), [], {
    env: { ...process.env, LIVE_URL: `ws://127.0.0.1:${port}/app/live`, LIVE_CLIENTS: String(N), LIVE_CLIENT_THREADS: String(CLIENT_THREADS) },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<{ sockets: number; openMs: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { sockets: number; openMs: number }));
    child.once('exit', (code) => reject(new Error(`the clients' process exited (${code}) before its sockets were open`)));
  });
  if (hub.subscribers('jackpot') !== N) throw new Error(`${hub.subscribers('jackpot')} sockets subscribed, expected ${N}`);
  console.log(`${int(ready.sockets)} sockets open and subscribed in ${(ready.openMs / 1000).toFixed(1)} s`);

  let seq = 0;
  const seqs: Record<Mode, number[]> = { hub: [], raw: [], redis: [], idle: [] };
  const send: Record<Exclude<Mode, 'idle'>, (s: number) => void> = {
    hub: (s) => local.publish('jackpot', message(s)),
    raw: (s) => {
      const buf = Buffer.from(JSON.stringify({ topic: 'jackpot', data: message(s) }));
      for (const ws of hub.sockets()) if (ws.readyState === 1) ws.send(buf, { binary: false });
    },
    redis: (s) => viaRedis!.publish('jackpot', message(s)),
  };
  /** CPU µs of this process per phase, by mode, one entry per round. */
  const cpu: Record<Mode, number[]> = { hub: [], raw: [], redis: [], idle: [] };
  /** How long each tick's publish call took (the synchronous sends to every socket), ms. */
  const loopMs: Record<Mode, number[]> = { hub: [], raw: [], redis: [], idle: [] };
  const modes: Mode[] = ['hub', 'raw', ...(withRedis ? (['redis'] as const) : []), 'idle'];

  // One warm-up tick of each, not counted.
  for (const m of modes) if (m !== 'idle') send[m](-1);
  await sleep(1_000);

  for (let round = 0; round < RUNS; round++) {
    for (const mode of round % 2 === 0 ? modes : [...modes].reverse()) {
      const start = process.cpuUsage();
      const t0 = performance.now();
      for (let i = 0; i < TICKS; i++) {
        if (mode !== 'idle') {
          const s = seq++;
          seqs[mode].push(s);
          const before = performance.now();
          send[mode](s);
          loopMs[mode].push(performance.now() - before);
        }
        // 1 Hz: the next tick one second after this phase's previous one.
        await sleep(Math.max(0, t0 + (i + 1) * 1_000 - performance.now()));
      }
      const used = process.cpuUsage(start);
      cpu[mode].push(used.user + used.system);
      console.log(`round ${round + 1} ${mode}: ${int((used.user + used.system) / 1000)} ms CPU over ${TICKS} s`);
    }
  }

  child.send({ cmd: 'report', groups: { hub: seqs.hub, raw: seqs.raw, redis: seqs.redis } });
  const { report, closedEarly, badFrames, badKinds, clientCpuUs } = await new Promise<{ report: Record<string, Report>; closedEarly: number; badFrames: number; badKinds: Record<string, number>; clientCpuUs: number }>((r) => child.once('message', (m) => r(m as never)));
  if (badFrames) console.warn(`unexpected frames: ${JSON.stringify(badKinds)}`);
  await new Promise((r) => child.once('exit', r));
  await hub.close(500);
  await viaRedis?.close();
  await new Promise((r) => server.close(r));

  const frames = TICKS * N;
  const perDelivery = (mode: Mode, round: number) => Math.max(0, cpu[mode][round]! - cpu.idle[round]!) / frames;
  const ratios = cpu.hub.map((_, r) => perDelivery('hub', r) / perDelivery('raw', r));
  const redisRatios = withRedis ? cpu.redis.map((_, r) => perDelivery('redis', r) / perDelivery('raw', r)) : [];
  const ratio = median(ratios);
  const hub_ = report.hub!;
  const delivered = (r: Report | undefined) => r !== undefined && r.incompleteTicks === 0 && r.delivered === r.expected;
  const allDelivered = delivered(hub_) && (!withRedis || delivered(report.redis)) && closedEarly === 0 && badFrames === 0;
  const goals: Goal[] = [
    {
      goal: `every tick delivered to ${int(N)} sockets at 1 Hz`,
      measured: `${int(hub_.delivered)} / ${int(hub_.expected)} in process${withRedis ? `, ${int(report.redis!.delivered)} / ${int(report.redis!.expected)} through Redis` : ''}; ${closedEarly} sockets lost, ${badFrames} unexpected frames`,
      met: allDelivered,
    },
    { goal: 'p99 delivery latency < 100 ms', measured: `${hub_.p99.toFixed(1)} ms in process${withRedis ? `, ${report.redis!.p99.toFixed(1)} ms through Redis` : ''}`, met: hub_.p99 < 100 && (!withRedis || report.redis!.p99 < 100) },
    { goal: 'CPU per delivery ≤ 1.2× a raw ws broadcast', measured: `${ratio.toFixed(2)}× (rounds ${ratios.map((x) => x.toFixed(2)).join(' / ')})`, met: ratio <= 1.2 },
  ];
  const row = (mode: Mode, label: string) => {
    const r = report[mode]!;
    const us = cpu[mode].map((_, i) => perDelivery(mode, i));
    return `| ${label} | ${int(r.delivered)} / ${int(r.expected)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.max.toFixed(1)} | ${r.lastMedian.toFixed(1)} | ${median(loopMs[mode]).toFixed(1)} | ${median(us).toFixed(2)} (${us.map((x) => x.toFixed(2)).join(' / ')}) |`;
  };
  const lines = [
    '## Live pushes',
    '',
    `${int(N)} WebSockets from one client process (${CLIENT_THREADS} thread${CLIENT_THREADS === 1 ? '' : 's'}) to one server process on this machine (${cpus().length} cores, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}), ` +
      `each subscribed to the jackpot topic; one message a second of ${Buffer.byteLength(JSON.stringify({ topic: 'jackpot', data: message(0) }))} bytes. ` +
      `${RUNS} rounds of phases of ${TICKS} ticks (hub, raw ws broadcast${withRedis ? ', hub through Redis' : ''}, idle), the order reversed every other round. ` +
      `Sockets opened in ${(ready.openMs / 1000).toFixed(1)} s. CPU is the server process's, less the idle phase's, per frame sent. See bench/live-bench.ts.`,
    '',
    '| | delivered | p50 ms | p99 ms | max ms | last socket, median tick ms | publish call ms (median tick) | CPU µs per delivery, median (rounds) |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    row('hub', 'hub, in process'),
    row('raw', 'raw ws broadcast'),
    ...(withRedis ? [row('redis', 'hub through Redis')] : []),
    '',
    `Hub / raw CPU per delivery: **${ratio.toFixed(2)}×** (rounds ${ratios.map((x) => x.toFixed(2)).join(' / ')})${withRedis ? `; through Redis ${median(redisRatios).toFixed(2)}× (${redisRatios.map((x) => x.toFixed(2)).join(' / ')})` : ''}. ` +
      `Idle phase: ${median(cpu.idle.map((x) => x / 1000 / TICKS)).toFixed(1)} ms CPU a second. ` +
      `The clients' process: ${(clientCpuUs / (seq * N)).toFixed(2)} µs CPU per frame received. Load average at the end: ${loadavg().map((x) => x.toFixed(1)).join(', ')}.`,
    '',
    'Latency is measured by the clients, from the message\'s send time to its arrival, so it includes sending to every socket before it and the client process reading them all on the same two cores.',
    '',
  ];
  const full = !QUICK && N >= 10_000 && RUNS >= 3 && TICKS >= 10;
  return { id: 'live', markdown: lines.join('\n'), goals, ok: true, full, date: today() };
}

if (isMain(import.meta.url)) process.exit(await runAndRecord([['live', benchLive]]));
