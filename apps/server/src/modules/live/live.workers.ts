import { fork, type ChildProcess } from 'node:child_process';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { liveDeliveries, liveDropped, trackWebSocket } from '../../lib/metrics.ts';
import type { FromWorker, ToWorker } from './live.worker.ts';

/** What a worker needs of the instance's settings. */
export interface LiveWorkerSettings {
  topics: string[];
  pingIntervalMs: number;
  maxBufferedBytes: number;
}

interface Worker {
  readonly child: ChildProcess;
  sockets: number;
  /** Subscribers per topic, as the worker last said. */
  readonly subscribers: Map<string, number>;
  /** Admitted sockets per client address, released when the worker says one is gone (or the worker is). */
  readonly ips: Map<string, number>;
  /** The gauge's release, one per socket. */
  readonly untracks: (() => void)[];
  ready: Promise<void>;
}

/**
 * The default worker entry: the TypeScript source under tsx (tests, development, the bench) or,
 * in the built server, dist/live-worker.js beside the bundle (scripts/build-server.mjs).
 */
function defaultEntry(): { file: URL; execArgv: string[] } {
  const source = import.meta.url.endsWith('.ts');
  return source ? { file: new URL('./live.worker-entry.ts', import.meta.url), execArgv: ['--import', 'tsx'] } : { file: new URL('./live-worker.js', import.meta.url), execArgv: ['--enable-source-maps'] };
}

/**
 * The worker processes of one instance's live sockets (LIVE_WORKERS, decision 057). The app's hub
 * checks and admits each upgrade, then `adopt` sends the socket to the worker holding the fewest;
 * `deliver` sends a frame to every worker once; each worker writes it to its subscribers. A worker
 * that dies is replaced (its sockets' clients reconnect, as after a restart).
 */
export class LiveWorkers {
  private readonly workers: Worker[] = [];
  private settings: LiveWorkerSettings | null = null;
  private gone: (ip: string) => void = () => undefined;
  private closing = false;
  private readonly entry: { file: URL; execArgv: string[] };

  constructor(
    private readonly count: number,
    private readonly log: FastifyBaseLogger,
    entry?: { file: URL; execArgv: string[] },
  ) {
    if (!(count >= 1)) throw new RangeError(`live workers: ${count}, expected at least 1`);
    this.entry = entry ?? defaultEntry();
  }

  /** Starts the workers; resolves once each is ready. `gone(ip)` is called for each admitted socket that closes. */
  async start(settings: LiveWorkerSettings, gone: (ip: string) => void): Promise<void> {
    if (this.settings) return;
    this.settings = settings;
    this.gone = gone;
    for (let i = 0; i < this.count; i++) this.workers.push(this.spawn());
    await Promise.all(this.workers.map((w) => w.ready));
  }

  /** The workers' process ids (the bench reads their CPU time). */
  get pids(): number[] {
    return this.workers.map((w) => w.child.pid!);
  }

  /** Sends a message to every worker (the bench's own commands). */
  broadcast(msg: { t: string } & Record<string, unknown>): void {
    for (const w of this.workers) w.child.send(msg);
  }

  /** Each worker's answers to a message the bench's worker entry handles (`extra`), in order. */
  ask<T>(msg: { t: string } & Record<string, unknown>, answer: string): Promise<T[]> {
    return Promise.all(
      this.workers.map(
        (w) =>
          new Promise<T>((resolve) => {
            const on = (m: { t: string }) => {
              if (m.t !== answer) return;
              w.child.off('message', on);
              resolve(m as T);
            };
            w.child.on('message', on);
            w.child.send(msg);
          }),
      ),
    );
  }

  /** Sockets each worker holds. */
  get sockets(): number[] {
    return this.workers.map((w) => w.sockets);
  }

  get size(): number {
    let n = 0;
    for (const w of this.workers) n += w.sockets;
    return n;
  }

  subscribers(topic: string): number {
    let n = 0;
    for (const w of this.workers) n += w.subscribers.get(topic) ?? 0;
    return n;
  }

  /** Hands an admitted upgrade (its socket, request line, headers and first bytes) to the worker holding the fewest sockets. */
  adopt(req: IncomingMessage, socket: Duplex, head: Buffer, ip: string): void {
    let w: Worker | undefined;
    for (const x of this.workers) if (x.child.connected && (!w || x.sockets < w.sockets)) w = x;
    if (!w || this.closing) {
      socket.destroy();
      return this.gone(ip);
    }
    const worker = w;
    worker.sockets++;
    worker.ips.set(ip, (worker.ips.get(ip) ?? 0) + 1);
    worker.untracks.push(trackWebSocket());
    const msg: ToWorker = { t: 'adopt', ip, method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, head: head.toString('base64') };
    // The socket moves; this process's handle is closed once the worker has it. Node would also make
    // the HTTP server ask the worker at close whether its sockets are closed, and that close never
    // ends once a worker has exited (Node 20-22: no workers left to answer, one connection still
    // counted). Without `server`, Node leaves the HTTP server alone, and the destroy below ends the
    // server's count of this connection (the worker's sockets are closed by `close`, before it).
    (socket as Socket & { server: unknown }).server = null;
    // And this process stops reading it now, not when the worker acknowledges it: until then both
    // processes hold the connection, and bytes the client sends once the worker answered (its
    // subscription, at once) were read here and dropped (Node's `send` only stops handing them to
    // JavaScript): the bench lost one socket's first message in most runs of 10,000.
    (socket as unknown as { _handle?: { readStop?: () => number } })._handle?.readStop?.();
    worker.child.send(msg, socket as Socket, (err) => {
      if (err) this.release(worker, ip);
      socket.destroy();
    });
  }

  deliver(topic: string, frame: Buffer, retain: boolean): void {
    const msg: ToWorker = { t: 'deliver', topic, frame: frame.toString(), retain };
    for (const w of this.workers) if (w.child.connected) w.child.send(msg);
  }

  unretain(topic: string): void {
    const msg: ToWorker = { t: 'unretain', topic };
    for (const w of this.workers) if (w.child.connected) w.child.send(msg);
  }

  /** Each worker closes its sockets with "going away" (cut after `graceMs`), then exits. */
  async close(graceMs: number): Promise<void> {
    this.closing = true;
    await Promise.all(
      this.workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.child.exitCode !== null || w.child.signalCode !== null) return resolve();
            const kill = setTimeout(() => w.child.kill('SIGKILL'), graceMs + 2_000);
            w.child.once('exit', () => {
              clearTimeout(kill);
              resolve();
            });
            if (w.child.connected) w.child.send({ t: 'close', graceMs } satisfies ToWorker);
            else w.child.kill();
          }),
      ),
    );
  }

  private spawn(): Worker {
    const child = fork(this.entry.file, [], { execArgv: this.entry.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let ready!: () => void;
    const w: Worker = { child, sockets: 0, subscribers: new Map(), ips: new Map(), untracks: [], ready: new Promise((r) => (ready = r)) };
    child.on('message', (m: FromWorker) => {
      switch (m.t) {
        case 'ready':
          return ready();
        case 'gone':
          return this.release(w, m.ip);
        case 'dropped':
          return void liveDropped.inc({ reason: m.reason });
        case 'delivered':
          return void liveDeliveries.inc(m.sockets);
        case 'subscribed':
          for (const [topic, d] of Object.entries(m.deltas)) w.subscribers.set(topic, (w.subscribers.get(topic) ?? 0) + d);
          return;
      }
    });
    child.on('error', (err) => this.log.warn({ err }, 'live worker error'));
    child.once('exit', (code, signal) => {
      // Its sockets are gone with it: their admissions and subscriptions end here.
      for (const [ip, n] of w.ips) for (let i = 0; i < n; i++) this.gone(ip);
      w.ips.clear();
      for (const u of w.untracks.splice(0)) u();
      w.sockets = 0;
      w.subscribers.clear();
      ready();
      const i = this.workers.indexOf(w);
      if (this.closing || i < 0) return;
      this.log.error({ code, signal }, 'live worker exited; replaced (its sockets reconnect)');
      this.workers[i] = this.spawn();
    });
    child.send({ t: 'init', ...this.settings! } satisfies ToWorker);
    return w;
  }

  private release(w: Worker, ip: string): void {
    const n = (w.ips.get(ip) ?? 0) - 1;
    if (n < 0) return;
    if (n > 0) w.ips.set(ip, n);
    else w.ips.delete(ip);
    w.sockets--;
    w.untracks.pop()?.();
    this.gone(ip);
  }
}
