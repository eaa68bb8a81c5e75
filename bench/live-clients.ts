/**
 * The client side of bench/live-bench.ts, run in its own process: opens LIVE_CLIENTS WebSockets to
 * LIVE_URL, subscribes each to the jackpot topic, and records for every tick (a message's `seq`)
 * how many sockets received it and after how long (`sentAt`, epoch ms with sub-millisecond
 * precision, against this process's clock: the same machine's). Driven by the parent over IPC:
 *   parent → { cmd: 'report', groups: { [name]: seq[] } }   child → { ready } / { report }
 *
 * A lean WebSocket client on `node:net` (the RFC 6455 handshake, masked client frames, the server's
 * frames parsed in place): 10,000 sockets in one process stand for 10,000 devices, and a full client
 * library's per-frame work (about 12 µs here with `ws`) made this process, not the server, the
 * latency measured. Every frame is still read whole and checked: a text frame per tick, nothing else.
 *
 * The sockets are spread over LIVE_CLIENT_THREADS worker threads (decision 057): 10,000 phones read
 * in parallel, and one thread reading them all in turn would add its own queue to the latency
 * measured. Each thread keeps its own counts; this process's main thread merges them.
 */
import { createHash, randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

const url = new URL(process.env.LIVE_URL!);
const TOTAL = Number(process.env.LIVE_CLIENTS ?? 10_000);
const THREADS = Math.max(1, Number(process.env.LIVE_CLIENT_THREADS ?? 1));
/** The sockets of this thread. */
const N = isMainThread ? TOTAL : (workerData as { count: number }).count;
const WAVE = 250;
const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

const now = () => performance.timeOrigin + performance.now();
/** seq → latencies in ms of the sockets that received it. */
const bySeq = new Map<number, number[]>();
const sockets: Socket[] = [];
let closedEarly = 0;
let badFrames = 0;
/** What the unexpected frames were, by opcode (and 'nan' for a text frame without the tick's numbers). */
const badKinds: Record<string, number> = {};
const bad = (kind: string) => {
  badFrames++;
  badKinds[kind] = (badKinds[kind] ?? 0) + 1;
};

const SEQ = Buffer.from('"seq":');
const SENT_AT = Buffer.from('"sentAt":');
/** The JSON number following `key` in `data` (the frames are the benchmark's own). */
function numberAfter(data: Buffer, key: Buffer): number {
  const at = data.indexOf(key) + key.length;
  let end = at;
  while (end < data.length && data[end] !== 0x2c && data[end] !== 0x7d) end++;
  return Number(data.toString('latin1', at, end));
}

/** A client frame (masked, as RFC 6455 requires of clients), payload under 126 bytes. */
function clientFrame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4);
  const out = Buffer.allocUnsafe(6 + payload.length);
  out[0] = 0x80 | opcode;
  out[1] = 0x80 | payload.length;
  mask.copy(out, 2);
  for (let i = 0; i < payload.length; i++) out[6 + i] = payload[i]! ^ mask[i & 3]!;
  return out;
}

/**
 * Parses the server's frames from a socket's chunks, however they are cut. A chunk is a view of the
 * read buffer every socket shares (see `onread` below): what is left of it is copied.
 */
function frameReader(onFrame: (opcode: number, payload: Buffer) => void): (chunk: Buffer) => void {
  let pending: Buffer | null = null;
  return (chunk) => {
    let buf = pending ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      if (buf.length < 2) break;
      let len = buf[1]! & 0x7f;
      let off = 2;
      if (len === 126) {
        if (buf.length < 4) break;
        len = buf.readUInt16BE(2);
        off = 4;
      } else if (len === 127) {
        if (buf.length < 10) break;
        len = Number(buf.readBigUInt64BE(2));
        off = 10;
      }
      if (buf.length < off + len) break;
      onFrame(buf[0]! & 0x0f, buf.subarray(off, off + len));
      buf = buf.subarray(off + len);
    }
    pending = buf.length ? Buffer.from(buf) : null;
  };
}

/**
 * One read buffer for every socket, handed to Node's `onread` (bytes go straight to a callback: no
 * stream, no Buffer per read); a callback is done with it before the next read.
 */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const key = randomBytes(16).toString('base64');
    const accept = createHash('sha1').update(key + GUID).digest('base64');
    const socket = connect({ host: url.hostname, port: Number(url.port), noDelay: true, onread: { buffer: READ_BUFFER, callback: (n, buf) => (onBytes(Buffer.from(buf.buffer, buf.byteOffset, n)), true) } }, () => {
      socket.write(`GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`);
    });
    let head = Buffer.alloc(0);
    let subscribed: (() => void) | null = null;
    let onBytes: (chunk: Buffer) => void = () => undefined;
    const onFrame = (opcode: number, payload: Buffer) => {
      const at = now();
      if (opcode === 0x1) {
        const seq = numberAfter(payload, SEQ);
        const sentAt = numberAfter(payload, SENT_AT);
        if (!Number.isFinite(seq) || !Number.isFinite(sentAt)) return bad(`nan:${payload.toString('latin1', 0, 60)}`);
        let list = bySeq.get(seq);
        if (!list) bySeq.set(seq, (list = []));
        list.push(at - sentAt);
      } else if (opcode === 0x9) {
        socket.write(clientFrame(0xa, payload));
      } else if (opcode === 0xa) {
        subscribed?.();
        subscribed = null;
      } else if (opcode === 0x8) {
        bad(`close:${payload.length >= 2 ? payload.readUInt16BE(0) : ''}`);
      } else {
        bad(`opcode:${opcode}`);
      }
    };
    const onHead = (chunk: Buffer) => {
      head = Buffer.concat([head, chunk]);
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      const text = head.toString('latin1', 0, end);
      if (!text.startsWith('HTTP/1.1 101') || !text.includes(`Sec-WebSocket-Accept: ${accept}`)) {
        socket.destroy();
        return reject(new Error(`handshake refused: ${text.split('\r\n')[0]}`));
      }
      const read = frameReader(onFrame);
      onBytes = read;
      // The sub, then a ping: its pong says the server applied the sub (it handles frames in order).
      subscribed = () => resolve(socket);
      socket.write(Buffer.concat([clientFrame(0x1, Buffer.from('{"op":"sub","topics":["jackpot"]}')), clientFrame(0x9, Buffer.alloc(0))]));
      const rest = head.subarray(end + 4);
      if (rest.length) read(rest);
    };
    onBytes = onHead;
    socket.once('error', reject);
    socket.once('close', () => closedEarly++);
  });
}

interface ThreadCounts {
  bySeq: [number, number[]][];
  closedEarly: number;
  badFrames: number;
  badKinds: Record<string, number>;
}

if (!isMainThread) {
  for (let i = 0; i < N; i += WAVE) {
    const wave = await Promise.all(Array.from({ length: Math.min(WAVE, N - i) }, open));
    sockets.push(...wave);
  }
  // Closes counted from here: one while opening would have failed the open.
  closedEarly = 0;
  parentPort!.postMessage({ ready: sockets.length });
  parentPort!.once('message', () => {
    parentPort!.postMessage({ bySeq: [...bySeq], closedEarly, badFrames, badKinds } satisfies ThreadCounts);
    for (const s of sockets) s.destroy();
    parentPort!.close();
  });
} else {
  await main();
}

async function main() {
  const t0 = now();
  // A worker thread does not inherit this process's TypeScript loader (tsx, Node 20): it registers it first.
  const boot = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const threads = Array.from({ length: THREADS }, (_, i) => new Worker(boot, { eval: true, workerData: { count: Math.floor(TOTAL / THREADS) + (i < TOTAL % THREADS ? 1 : 0) } }));
  const opened = await Promise.all(threads.map((w) => new Promise<number>((resolve, reject) => {
    w.once('message', (m: { ready: number }) => resolve(m.ready));
    w.once('error', reject);
  })));
  process.send!({ ready: true, sockets: opened.reduce((a, b) => a + b, 0), openMs: now() - t0 });
  const cpuAtReady = process.cpuUsage();

  const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? NaN;

  process.on('message', async (msg: { cmd: string; groups: Record<string, number[]> }) => {
    if (msg.cmd !== 'report') return;
    // Every thread's counts, merged: the latencies of one tick from all of them.
    const counts = await Promise.all(threads.map((w) => new Promise<ThreadCounts>((resolve) => {
      w.once('message', resolve);
      w.postMessage('report');
    })));
    for (const c of counts) {
      closedEarly += c.closedEarly;
      badFrames += c.badFrames;
      for (const [k, n] of Object.entries(c.badKinds)) badKinds[k] = (badKinds[k] ?? 0) + n;
      for (const [seq, list] of c.bySeq) {
        const mine = bySeq.get(seq);
        if (mine) mine.push(...list);
        else bySeq.set(seq, list);
      }
    }
    const report: Record<string, { ticks: number; delivered: number; expected: number; incompleteTicks: number; p50: number; p99: number; max: number; lastMedian: number }> = {};
    for (const [name, seqs] of Object.entries(msg.groups)) {
      const all: number[] = [];
      /** Per tick, when its last socket got it. */
      const lasts: number[] = [];
      let incomplete = 0;
      for (const seq of seqs) {
        const list = bySeq.get(seq) ?? [];
        if (list.length !== TOTAL) incomplete++;
        let last = 0;
        for (const x of list) {
          all.push(x);
          if (x > last) last = x;
        }
        lasts.push(last);
      }
      all.sort((a, b) => a - b);
      lasts.sort((a, b) => a - b);
      report[name] = { ticks: seqs.length, delivered: all.length, expected: seqs.length * N, incompleteTicks: incomplete, p50: pct(all, 0.5), p99: pct(all, 0.99), max: all.at(-1) ?? NaN, lastMedian: pct(lasts, 0.5) };
    }
    const cpu = process.cpuUsage(cpuAtReady);
    process.send!({ report, closedEarly, badFrames, badKinds, clientCpuUs: cpu.user + cpu.system }, () => process.exit(0));
  });
}
