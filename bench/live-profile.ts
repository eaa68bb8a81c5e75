/**
 * Where a live tick's time goes (decision 057): the server's CPU per frame, user and system
 * (kernel) apart, for ways of writing one frame to every socket, against the same client process
 * as bench/live-bench.ts. Not part of `npm run bench`; a tool for the decision:
 *
 *   npx tsx bench/live-profile.ts      env: LIVE_CLIENTS=10000 PROFILE_TICKS=5
 *
 * Variants, each PROFILE_TICKS ticks at 1 Hz, CPU less an idle phase's, per frame:
 *   - loop:   the hub's per-socket JS only (iterate the subscribers, read bufferedAmount), no write;
 *   - ws:     `ws.send(frame)`, as the hub did before decision 057 (ws frames it per socket: a header
 *             allocated, header and payload written corked: one writev);
 *   - socket: one prebuilt frame (header + payload: a server's frame is unmasked, the same bytes for
 *             every socket) written with the socket's `write` (one write(2)), as the hub does now;
 * Run with `--cpu-prof` (node's execArgv) for where the JS time goes.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { LiveTopics } from '@playhall/contract';
import { LiveHub } from '../apps/server/src/modules/live/live.hub.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const N = Number(process.env.LIVE_CLIENTS ?? 10_000);
const TICKS = Number(process.env.PROFILE_TICKS ?? 5);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.timeOrigin + performance.now();
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined, child: () => silent } as unknown as FastifyBaseLogger;

const payload = (seq: number) => Buffer.from(JSON.stringify({ topic: 'jackpot', data: { type: 'pools', seq, sentAt: now(), pools: { total: 1_234_567_890, mega: 812_345_678, major: 312_345_678, minor: 81_234_567, mini: 28_641_967 }, sections: { mega: [50_000_000, 500_000_000], major: [5_000_000, 50_000_000], minor: [500_000, 5_000_000], mini: [10_000, 500_000] } } }));
/** A server's text frame (FIN, opcode 1, unmasked), payload 126..65535 bytes. */
function textFrame(p: Buffer): Buffer {
  const out = Buffer.allocUnsafe(4 + p.length);
  out[0] = 0x81;
  out[1] = 126;
  out.writeUInt16BE(p.length, 2);
  p.copy(out, 4);
  return out;
}

const hub = new LiveHub({ topics: [...LiveTopics], limits: { maxSockets: N + 100, maxSocketsPerIp: N + 100, upgradesPerIpPerMin: N * 2, pingIntervalMs: 3_600_000, maxBufferedBytes: 1 << 20 }, log: silent, trustProxy: false, corsOrigins: [] });
hub.start();
const server = createServer((_q, res) => res.writeHead(404).end());
server.on('upgrade', (req, socket, head) => hub.handleUpgrade(req, socket, head));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const child = fork(join(ROOT, 'bench/live-clients.ts'), [], {
  env: { ...process.env, LIVE_URL: `ws://127.0.0.1:${(server.address() as { port: number }).port}/app/live`, LIVE_CLIENTS: String(N) },
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
await new Promise((r) => child.once('message', r));
const sockets = [...hub.sockets()];
const raw = sockets.map((ws) => (ws as unknown as { _socket: Socket })._socket);

type Variant = 'idle' | 'loop' | 'ws' | 'socket';
const run: Record<Exclude<Variant, 'idle'>, (seq: number) => void> = {
  loop: () => {
    let n = 0;
    for (const ws of sockets) if ((ws as WebSocket).bufferedAmount < 1 << 20) n++;
    if (n < 0) throw new Error('unreachable');
  },
  ws: (seq) => {
    const p = payload(seq);
    for (const ws of sockets) ws.send(p, { binary: false });
  },
  socket: (seq) => {
    const f = textFrame(payload(seq));
    for (const s of raw) s.write(f);
  },
};
const seqs: number[] = [];
let seq = 0;
const result: Record<string, { user: number; sys: number; callMs: number[] }> = {};
for (const v of ['idle', 'loop', 'ws', 'socket', 'idle', 'socket', 'ws'] as Variant[]) {
  const start = process.cpuUsage();
  const t0 = performance.now();
  const calls: number[] = [];
  for (let i = 0; i < TICKS; i++) {
    if (v !== 'idle') {
      const s = seq++;
      if (v !== 'loop') seqs.push(s);
      const b = performance.now();
      run[v](s);
      calls.push(performance.now() - b);
    }
    await sleep(Math.max(0, t0 + (i + 1) * 1000 - performance.now()));
  }
  const used = process.cpuUsage(start);
  const r = (result[v] ??= { user: 0, sys: 0, callMs: [] });
  r.user += used.user;
  r.sys += used.system;
  r.callMs.push(...calls);
}
const idle = result.idle!;
const perTick = (x: number, ticks: number) => x / ticks;
console.log(`N=${N}, ticks per variant run: ${TICKS}; load ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
for (const [v, r] of Object.entries(result)) {
  if (v === 'idle') continue;
  const ticks = r.callMs.length;
  const user = (perTick(r.user, ticks) - perTick(idle.user, 2 * TICKS)) / N;
  const sys = (perTick(r.sys, ticks) - perTick(idle.sys, 2 * TICKS)) / N;
  const calls = [...r.callMs].sort((a, b) => a - b);
  console.log(`${v.padEnd(7)} µs per frame: user ${user.toFixed(2)}, sys ${sys.toFixed(2)}, total ${(user + sys).toFixed(2)}; send call ms median ${calls[calls.length >> 1]!.toFixed(1)}`);
}
child.send({ cmd: 'report', groups: { all: seqs } });
const rep = await new Promise<{ report: Record<string, { p50: number; p99: number; delivered: number; expected: number }>; clientCpuUs: number }>((r) => child.once('message', (m) => r(m as never)));
console.log(`delivered ${rep.report.all!.delivered}/${rep.report.all!.expected}, p50 ${rep.report.all!.p50.toFixed(1)} p99 ${rep.report.all!.p99.toFixed(1)}; client µs per frame ${(rep.clientCpuUs / (seq * N)).toFixed(2)}`);
await hub.close(200);
server.close();
process.exit(0);
