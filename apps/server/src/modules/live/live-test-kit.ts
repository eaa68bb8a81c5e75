import type { FastifyInstance } from 'fastify';
import { WebSocket, type ClientOptions } from 'ws';
import { LIVE_PATH } from '@playhall/contract';

/** A test's WebSocket client of /app/live: every frame it received, parsed, and how it closed. */
export interface LiveClient {
  ws: WebSocket;
  frames: { topic?: string; data?: unknown; error?: string }[];
  /** Resolves with the close code and reason once the socket is closed. */
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  /** Waits until a frame matching `pick` arrived (the first such frame), or throws after `ms`. */
  next<T = unknown>(pick: (f: LiveClient['frames'][number]) => boolean, ms?: number): Promise<T>;
}

/** The URL of an app's live endpoint, once it listens. */
export function liveUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${address.port}${LIVE_PATH}`;
}

/** Opens a socket (resolves once open) and, if `topics` are given, subscribes to them. */
export async function openLiveClient(url: string, opts: ClientOptions & { topics?: string[] } = {}): Promise<LiveClient> {
  const { topics, ...wsOpts } = opts;
  const ws = new WebSocket(url, wsOpts);
  const frames: LiveClient['frames'] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as LiveClient['frames'][number]);
    for (const w of waiters.splice(0)) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((r) => ws.once('close', (code, reason) => r({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  ws.on('error', () => undefined);
  const client: LiveClient = {
    ws,
    frames,
    closed,
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    async next<T>(pick: (f: LiveClient['frames'][number]) => boolean, ms = 5_000): Promise<T> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = frames.find(pick);
        if (found) return found as T;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`);
        await new Promise<void>((r) => {
          const t = setTimeout(r, left);
          waiters.push(() => {
            clearTimeout(t);
            r();
          });
        });
      }
    },
  };
  if (topics) {
    client.send({ op: 'sub', topics });
    // The server handles messages in order: a ping round trip after the sub means it is applied.
    await new Promise<void>((r) => {
      ws.once('pong', () => r());
      ws.ping();
    });
  }
  return client;
}
