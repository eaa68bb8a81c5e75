/**
 * The client side of bench/live-bench.ts, run in its own process: opens LIVE_CLIENTS WebSockets to
 * LIVE_URL, subscribes each to the jackpot topic, and records for every tick (a message's `seq`)
 * how many sockets received it and after how long (`sentAt`, epoch ms with sub-millisecond
 * precision, against this process's clock: the same machine's). Driven by the parent over IPC:
 *   parent → { cmd: 'report', groups: { [name]: seq[] } }   child → { ready } / { report }
 */
import { createRequire } from 'node:module';
import type * as Ws from 'ws';
import type { WebSocket as WsSocket } from 'ws';

// The server's ws (8.x), not the older copy another tool brings to the root node_modules.
const { WebSocket } = createRequire(new URL('../apps/server/package.json', import.meta.url))('ws') as typeof Ws;

const URL_ = process.env.LIVE_URL!;
const N = Number(process.env.LIVE_CLIENTS ?? 10_000);
const WAVE = 250;

const now = () => performance.timeOrigin + performance.now();
const SEQ = Buffer.from('"seq":');
const SENT_AT = Buffer.from('"sentAt":');
/** The JSON number following `key` in `data` (the frames are the benchmark's own). */
function numberAfter(data: Buffer, key: Buffer): number {
  const at = data.indexOf(key) + key.length;
  let end = at;
  while (end < data.length && data[end] !== 0x2c && data[end] !== 0x7d) end++;
  return Number(data.toString('latin1', at, end));
}
/** seq → latencies in ms of the sockets that received it. */
const bySeq = new Map<number, number[]>();
const sockets: WsSocket[] = [];
let closedEarly = 0;

function open(): Promise<WsSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(URL_, { perMessageDeflate: false });
    ws.once('open', () => {
      ws.send('{"op":"sub","topics":["jackpot"]}');
      resolve(ws);
    });
    ws.once('error', reject);
    ws.on('message', (data: Buffer) => {
      const at = now();
      // The two numbers only, read in place: a JSON.parse per frame would be most of this process's
      // work (10,000 frames a tick), and its delay would count as the server's latency.
      const seq = numberAfter(data, SEQ);
      const sentAt = numberAfter(data, SENT_AT);
      let list = bySeq.get(seq);
      if (!list) bySeq.set(seq, (list = []));
      list.push(at - sentAt);
    });
    ws.once('close', () => closedEarly++);
  });
}

const t0 = now();
for (let i = 0; i < N; i += WAVE) {
  const wave = await Promise.all(Array.from({ length: Math.min(WAVE, N - i) }, open));
  sockets.push(...wave);
}
// Each socket's sub is applied once its ping comes back (the server handles frames in order).
await Promise.all(sockets.map((ws) => new Promise<void>((r) => (ws.once('pong', () => r()), ws.ping()))));
process.send!({ ready: true, sockets: sockets.length, openMs: now() - t0 });

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;

process.on('message', (msg: { cmd: string; groups: Record<string, number[]> }) => {
  if (msg.cmd !== 'report') return;
  const report: Record<string, { ticks: number; delivered: number; expected: number; incompleteTicks: number; p50: number; p99: number; max: number }> = {};
  for (const [name, seqs] of Object.entries(msg.groups)) {
    const all: number[] = [];
    let incomplete = 0;
    for (const seq of seqs) {
      const list = bySeq.get(seq) ?? [];
      if (list.length !== N) incomplete++;
      for (const x of list) all.push(x);
    }
    all.sort((a, b) => a - b);
    report[name] = { ticks: seqs.length, delivered: all.length, expected: seqs.length * N, incompleteTicks: incomplete, p50: pct(all, 0.5), p99: pct(all, 0.99), max: all.at(-1) ?? NaN };
  }
  process.send!({ report, closedEarly }, () => {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  });
});
