import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { LiveHub, type LiveDropReason } from './live.hub.ts';

/**
 * A live worker process (decision 057): a share of one instance's sockets. The app's process
 * checks each upgrade and sends the socket here (Node passes it over the IPC channel: a socket can
 * move to a child process, not to a worker thread), and each frame once; this process's own hub
 * completes the handshake, keeps the subscriptions, pings, and writes every frame to its sockets.
 */

/**
 * App process → worker, over Node's JSON IPC (the serialisation `cluster` hands its sockets over
 * with): a frame (UTF-8 JSON) as a string, the request's first bytes in base64.
 */
export type ToWorker =
  | { t: 'init'; topics: string[]; pingIntervalMs: number; maxBufferedBytes: number }
  | { t: 'adopt'; ip: string; method: string; url: string; headers: IncomingMessage['headers']; head: string }
  | { t: 'deliver'; topic: string; frame: string; retain: boolean }
  | { t: 'unretain'; topic: string }
  | { t: 'close'; graceMs: number };

/** Worker → app process. */
export type FromWorker =
  | { t: 'ready' }
  | { t: 'gone'; ip: string }
  | { t: 'dropped'; reason: LiveDropReason }
  | { t: 'delivered'; sockets: number }
  | { t: 'subscribed'; deltas: Record<string, number> }
  | { t: 'closed' };

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined, child: () => silent } as unknown as FastifyBaseLogger;

/**
 * Runs this process as a live worker until its parent says close (or goes). `extra` handles any
 * other message (bench/live-bench-worker.ts: its raw broadcast baseline, its CPU time).
 */
export function runLiveWorker(extra?: (msg: { t: string }, hub: LiveHub) => void): void {
  const send = (m: FromWorker) => process.send?.(m);
  let hub: LiveHub | null = null;
  // Subscriber counts change with every sub: sent to the parent once per turn of the loop.
  let deltas: Record<string, number> | null = null;
  const subscribed = (topic: string, delta: number) => {
    if (!deltas) {
      deltas = {};
      setImmediate(() => {
        send({ t: 'subscribed', deltas: deltas! });
        deltas = null;
      });
    }
    deltas[topic] = (deltas[topic] ?? 0) + delta;
  };
  process.on('message', (msg: ToWorker | { t: string }, handle?: Socket) => {
    switch (msg.t) {
      case 'init': {
        const m = msg as Extract<ToWorker, { t: 'init' }>;
        hub = new LiveHub({
          topics: m.topics,
          // The parent admits each socket against the instance's bounds; a worker only keeps them.
          limits: { maxSockets: Infinity, maxSocketsPerIp: Infinity, upgradesPerIpPerMin: Infinity, pingIntervalMs: m.pingIntervalMs, maxBufferedBytes: m.maxBufferedBytes },
          log: silent,
          trustProxy: false,
          corsOrigins: [],
          report: {
            opened: () => () => undefined,
            dropped: (reason) => send({ t: 'dropped', reason }),
            delivered: (_topic, sockets) => send({ t: 'delivered', sockets }),
            subscribed,
          },
        });
        void hub.start().then(() => send({ t: 'ready' }));
        return;
      }
      case 'adopt': {
        const m = msg as Extract<ToWorker, { t: 'adopt' }>;
        if (!handle) return;
        const req = { method: m.method, url: m.url, headers: m.headers, socket: handle } as unknown as IncomingMessage;
        hub!.adopt(req, handle, Buffer.from(m.head, 'base64'), m.ip, () => send({ t: 'gone', ip: m.ip }));
        return;
      }
      case 'deliver': {
        const m = msg as Extract<ToWorker, { t: 'deliver' }>;
        hub!.deliver(m.topic, Buffer.from(m.frame), m.retain);
        return;
      }
      case 'unretain':
        hub!.unretain((msg as Extract<ToWorker, { t: 'unretain' }>).topic);
        return;
      case 'close':
        void hub!.close((msg as Extract<ToWorker, { t: 'close' }>).graceMs).then(() => {
          send({ t: 'closed' });
          process.disconnect?.();
        });
        return;
      default:
        if (hub) extra?.(msg, hub);
    }
  });
  // The parent gone without a close (its process ended): the sockets go too, told so.
  process.on('disconnect', () => void (hub?.close(1_000) ?? Promise.resolve()).then(() => process.exit(0)));
}
