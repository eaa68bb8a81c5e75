import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { LIVE_PATH, LiveClientMessage, LiveCloseCode, LiveLimits } from '@playhall/contract';
import { liveDeliveries, liveDropped, liveMessages, trackWebSocket } from '../../lib/metrics.ts';

/** The bounds of one instance's sockets (config: LIVE_MAX_SOCKETS, LIVE_MAX_SOCKETS_PER_IP). */
export interface LiveHubLimits {
  maxSockets: number;
  maxSocketsPerIp: number;
  /** Handshakes one address may start per minute; more answer HTTP 429 before any upgrade. */
  upgradesPerIpPerMin: number;
  /** Every this often each socket is pinged; one that has not answered the previous ping is dropped. */
  pingIntervalMs: number;
  /** Bytes a socket may have unsent (a client reading too slowly) before it is closed (`slowClient`). */
  maxBufferedBytes: number;
}

export interface LiveHubOptions {
  topics: readonly string[];
  limits: LiveHubLimits;
  log: FastifyBaseLogger;
  /** Behind a reverse proxy: the client's address is the first of X-Forwarded-For (as Fastify's trustProxy: true reads it). */
  trustProxy: boolean;
  /** Other origins allowed to open a socket (CORS_ORIGINS); the page's own host always is. */
  corsOrigins: readonly string[];
}

/** Why a socket was refused or dropped (the label of playhall_live_sockets_dropped_total). */
type LiveDropReason = 'dead' | 'slow' | 'bad_message' | 'server_full' | 'sockets_per_ip' | 'upgrades_per_ip';

interface Client {
  readonly ws: WebSocket;
  /** The socket under `ws`: a pushed frame, built once, is written to it directly (see `deliver`). */
  readonly socket: Duplex;
  readonly ip: string;
  readonly topics: Set<string>;
  /** Answered (a pong or a message) since the last ping. */
  alive: boolean;
  messages: number;
  windowStart: number;
  /** Ends the socket's count in the gauge (once). */
  untrack: () => void;
}

/** Sent as a text frame, without copying or converting per socket. */
const TEXT = { binary: false } as const;
const OPEN = WebSocket.OPEN;

/**
 * A server's text frame as it goes on the wire (RFC 6455 §5.2: FIN, opcode 1, unmasked, the
 * length in 7, 16 or 64 bits): the same bytes for every socket, so built once per message.
 */
export function wireTextFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const out = Buffer.allocUnsafe(head + n);
  out[0] = 0x81;
  if (head === 2) out[1] = n;
  else if (head === 4) {
    out[1] = 126;
    out.writeUInt16BE(n, 2);
  } else {
    out[1] = 127;
    out.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(out, head);
  return out;
}

/**
 * One instance's sockets and what they subscribe to (decision 053). `deliver` sends one already
 * serialised frame to every socket of a topic; it never serialises per socket. The transport
 * (in process or Redis pub/sub) is the service's business, not the hub's.
 */
export class LiveHub {
  private readonly wss: WebSocketServer;
  private readonly byTopic = new Map<string, Set<Client>>();
  private readonly clients = new Set<Client>();
  /** Sockets per client address (admitted, until closed). */
  private readonly perIp = new Map<string, number>();
  private admitted = 0;
  private readonly upgrades = new Map<string, number>();
  private readonly retained = new Map<string, Buffer>();
  private readonly topics: ReadonlySet<string>;
  private readonly allowedOrigins: ReadonlySet<string>;
  private pinger: NodeJS.Timeout | null = null;
  private upgradeWindow: NodeJS.Timeout | null = null;
  private closing = false;

  constructor(private readonly opts: LiveHubOptions) {
    this.topics = new Set(opts.topics);
    for (const t of opts.topics) this.byTopic.set(t, new Set());
    this.allowedOrigins = new Set(opts.corsOrigins);
    // No compression: a frame compressed per socket would cost what serialising once saves.
    this.wss = new WebSocketServer({ noServer: true, maxPayload: LiveLimits.maxClientMessageBytes, perMessageDeflate: false, clientTracking: false });
  }

  /** Starts the pings and the handshake window. */
  start(): void {
    this.pinger ??= setInterval(() => this.ping(), this.opts.limits.pingIntervalMs);
    this.pinger.unref();
    this.upgradeWindow ??= setInterval(() => this.upgrades.clear(), 60_000);
    this.upgradeWindow.unref();
  }

  /** Sockets open on this instance. */
  get size(): number {
    return this.clients.size;
  }

  /** Every open socket of this instance (bench/live-bench.ts broadcasts to them raw, its baseline). */
  *sockets(): IterableIterator<WebSocket> {
    for (const c of this.clients) yield c.ws;
  }

  /** Sockets of this instance subscribed to `topic`. */
  subscribers(topic: string): number {
    return this.byTopic.get(topic)?.size ?? 0;
  }

  /**
   * Sends one serialised frame to this instance's subscribers of `topic`. `retain`: a socket
   * subscribing later gets it at once (the last retained frame per topic, e.g. the pool totals).
   */
  deliver(topic: string, frame: Buffer, retain: boolean): void {
    const subs = this.byTopic.get(topic);
    if (!subs) return;
    if (retain) this.retained.set(topic, frame);
    const max = this.opts.limits.maxBufferedBytes;
    // The frame's bytes built once and written to each socket: ws's send would frame it again for
    // every socket (a header allocated, a corked two-buffer write): 1.4-1.9 of 11-12 µs a frame
    // measured (decision 057). Safe beside ws's own writes (pings, pongs, a retained frame, the close): ws
    // writes each of its frames whole and at once (no compression here, no Blobs sent), so frames
    // never interleave; nothing is written once ws is closing.
    const wire = wireTextFrame(frame);
    let sent = 0;
    for (const c of subs) {
      if (c.ws.bufferedAmount > max) {
        this.drop(c, 'slow');
        c.ws.close(LiveCloseCode.slowClient, 'reading too slowly');
        continue;
      }
      if (c.ws.readyState !== OPEN) continue;
      c.socket.write(wire);
      sent++;
    }
    liveMessages.inc({ topic });
    liveDeliveries.inc(sent);
  }

  /** Forgets the topic's retained frame (its state is no longer kept current). */
  unretain(topic: string): void {
    this.retained.delete(topic);
  }

  /** The HTTP server's `upgrade` handler: LIVE_PATH only, checked before the handshake. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => undefined);
    const path = (req.url ?? '').split('?', 1)[0];
    if (path !== LIVE_PATH) return refuse(socket, 404, 'Not Found');
    if (this.closing) return refuse(socket, 503, 'Service Unavailable');
    if (!this.originAllowed(req)) return refuse(socket, 403, 'Forbidden');
    const ip = this.clientIp(req);
    const attempts = (this.upgrades.get(ip) ?? 0) + 1;
    this.upgrades.set(ip, attempts);
    if (attempts > this.opts.limits.upgradesPerIpPerMin) {
      liveDropped.inc({ reason: 'upgrades_per_ip' });
      return refuse(socket, 429, 'Too Many Requests');
    }
    // Refused after the handshake, so a browser sees the close code (a refused upgrade is only "1006").
    const refusal = this.admit(ip);
    if (refusal) {
      liveDropped.inc({ reason: refusal.reason });
      return this.wss.handleUpgrade(req, socket, head, (ws) => {
        ws.on('error', () => undefined);
        ws.close(refusal.code, refusal.text);
      });
    }
    let accepted = false;
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      accepted = true;
      this.accept(ws, socket, ip);
    });
    // A handshake ws refuses (a bad key or version) never reaches accept: its admission ends with the socket.
    socket.once('close', () => {
      if (!accepted) this.release(ip);
    });
  }

  /**
   * Closes every socket with `goingAway` (the client reconnects, to another instance) and stops
   * the timers; sockets that have not finished their close handshake after `graceMs` are cut.
   */
  async close(graceMs = 1_000): Promise<void> {
    this.closing = true;
    if (this.pinger) clearInterval(this.pinger);
    if (this.upgradeWindow) clearInterval(this.upgradeWindow);
    const open = [...this.clients];
    for (const c of open) c.ws.close(LiveCloseCode.goingAway, 'server shutting down');
    const deadline = Date.now() + graceMs;
    while (this.clients.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    for (const c of this.clients) c.ws.terminate();
    await new Promise<void>((r) => this.wss.close(() => r()));
  }

  /** Counts a socket from `ip` in, or says why not (this instance full, too many from the address). */
  private admit(ip: string): { code: number; text: string; reason: LiveDropReason } | null {
    const fromIp = this.perIp.get(ip) ?? 0;
    if (this.admitted >= this.opts.limits.maxSockets) return { code: LiveCloseCode.serverFull, text: 'server full: try again later', reason: 'server_full' };
    if (fromIp >= this.opts.limits.maxSocketsPerIp) return { code: LiveCloseCode.tooManyFromAddress, text: 'too many sockets from this address', reason: 'sockets_per_ip' };
    this.admitted++;
    this.perIp.set(ip, fromIp + 1);
    return null;
  }

  /** An admitted socket closed (or its handshake failed). */
  private release(ip: string): void {
    this.admitted--;
    const n = (this.perIp.get(ip) ?? 1) - 1;
    if (n > 0) this.perIp.set(ip, n);
    else this.perIp.delete(ip);
  }

  private accept(ws: WebSocket, socket: Duplex, ip: string): void {
    const c: Client = { ws, socket, ip, topics: new Set(), alive: true, messages: 0, windowStart: Date.now(), untrack: trackWebSocket() };
    this.clients.add(c);
    ws.on('error', () => undefined); // a bad frame or a reset: ws closes the socket, 'close' cleans up
    ws.on('close', () => this.forget(c));
    if (this.closing) return void ws.close(LiveCloseCode.goingAway, 'server shutting down');
    ws.on('pong', () => (c.alive = true));
    ws.on('message', (data, isBinary) => this.onMessage(c, data, isBinary));
  }

  private onMessage(c: Client, data: RawData, isBinary: boolean): void {
    c.alive = true;
    const now = Date.now();
    if (now - c.windowStart > LiveLimits.clientMessageWindowMs) {
      c.windowStart = now;
      c.messages = 0;
    }
    if (++c.messages > LiveLimits.maxClientMessages) return this.refuse(c, 'too many messages');
    if (isBinary) return this.refuse(c, 'text frames only');
    let parsed: unknown;
    try {
      parsed = JSON.parse(data.toString());
    } catch {
      return this.refuse(c, 'not JSON');
    }
    const msg = LiveClientMessage.safeParse(parsed);
    if (!msg.success) return this.refuse(c, 'expected {"op":"sub"|"unsub","topics":[…]}');
    for (const topic of msg.data.topics) {
      const subs = this.byTopic.get(topic);
      if (!subs || !this.topics.has(topic)) {
        c.ws.send(JSON.stringify({ error: 'unknownTopic', topic }));
        continue;
      }
      if (msg.data.op === 'unsub') {
        subs.delete(c);
        c.topics.delete(topic);
      } else if (!c.topics.has(topic)) {
        subs.add(c);
        c.topics.add(topic);
        const last = this.retained.get(topic);
        if (last) c.ws.send(last, TEXT);
      }
    }
  }

  private refuse(c: Client, reason: string): void {
    liveDropped.inc({ reason: 'bad_message' });
    this.forget(c);
    c.ws.close(LiveCloseCode.badMessage, reason);
  }

  /** Takes a socket out of its topics at once (nothing more is sent to it). */
  private drop(c: Client, reason: 'dead' | 'slow'): void {
    liveDropped.inc({ reason });
    this.forget(c);
  }

  private forget(c: Client): void {
    if (!this.clients.delete(c)) return;
    for (const t of c.topics) this.byTopic.get(t)?.delete(c);
    c.topics.clear();
    c.untrack();
    this.release(c.ip);
  }

  private ping(): void {
    for (const c of this.clients) {
      if (!c.alive) {
        // No pong since the last ping: a dead peer (a phone gone out of coverage), cut without a handshake.
        this.drop(c, 'dead');
        c.ws.terminate();
        continue;
      }
      c.alive = false;
      c.ws.ping();
    }
  }

  private clientIp(req: IncomingMessage): string {
    if (this.opts.trustProxy) {
      const forwarded = req.headers['x-forwarded-for'];
      const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',', 1)[0]?.trim();
      if (first) return first;
    }
    return (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  }

  /** No Origin (not a browser), the page's own host, or a listed CORS origin. */
  private originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin;
    if (origin === undefined || this.allowedOrigins.has(origin)) return true;
    try {
      // By host name: the development proxy (Vite) forwards from another port of the same host.
      return new URL(origin).hostname === new URL(`http://${req.headers.host ?? ''}`).hostname;
    } catch {
      return false;
    }
  }
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
