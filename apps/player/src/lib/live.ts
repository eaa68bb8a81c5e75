import { useEffect, useRef, useSyncExternalStore } from 'react';
import { LIVE_PATH, LiveCloseCode, type LiveClientMessage, type LiveTopic } from '@playhall/contract';

/**
 * Live pushes (decision 053): one WebSocket per app, opened when a screen first subscribes to a
 * topic (never by the home first screen: only the lazy screens that show live numbers import this
 * module), kept while any screen listens and for `LINGER_MS` after the last one leaves (a screen
 * change does not reconnect), and reopened after a drop with a capped, jittered backoff. While it
 * is down, the screens' queries poll as before (`livePollInterval`); nothing is lost by a drop.
 */

/** Reconnect delays: 1 s, 2 s, 4 s, … at most 30 s, each drawn between half and all of it (many clients never retry in step). */
export const LIVE_BACKOFF = { firstMs: 1_000, maxMs: 30_000 } as const;
/** The socket is kept this long after the last screen unsubscribes. */
export const LINGER_MS = 15_000;
/** After a "going away" close (an instance shutting down), reconnect within this (spread over clients). */
export const GOING_AWAY_SPREAD_MS = 2_000;

type Listener = (data: unknown) => void;

function defaultUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${LIVE_PATH}`;
}

export class LiveConnection {
  private socket: WebSocket | null = null;
  private open = false;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly statusListeners = new Set<() => void>();
  /** Failed attempts since the last open socket. */
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  /** The server refused our messages (a client bug): polls only, until the page reloads. */
  private gaveUp = false;

  constructor(private readonly url: () => string = defaultUrl) {}

  /** The socket is open: subscribed topics receive their messages. */
  get isOpen(): boolean {
    return this.open;
  }

  /** Calls `listener` with each message on `topic` until the returned function is called. */
  subscribe(topic: LiveTopic, listener: Listener): () => void {
    let set = this.listeners.get(topic);
    if (!set) {
      this.listeners.set(topic, (set = new Set()));
      if (this.open) this.send({ op: 'sub', topics: [topic] });
    }
    set.add(listener);
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    if (!this.socket && !this.retryTimer && !this.gaveUp) this.connect();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      set.delete(listener);
      if (set.size > 0 || this.listeners.get(topic) !== set) return;
      this.listeners.delete(topic);
      if (this.open) this.send({ op: 'unsub', topics: [topic] });
      if (this.listeners.size === 0) this.lingerTimer = setTimeout(() => this.idle(), LINGER_MS);
    };
  }

  /** For useSyncExternalStore: `onChange` runs whenever the socket opens or drops. */
  onStatus = (onChange: () => void): (() => void) => {
    this.statusListeners.add(onChange);
    return () => this.statusListeners.delete(onChange);
  };

  /** Back online (the browser says so): retry at once instead of waiting out the backoff. */
  retryNow(): void {
    if (!this.retryTimer || this.listeners.size === 0) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.connect();
  }

  private connect(): void {
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url());
    } catch {
      return this.scheduleRetry(this.backoff());
    }
    this.socket = ws;
    ws.onopen = () => {
      this.attempt = 0;
      const topics = [...this.listeners.keys()];
      if (topics.length) this.send({ op: 'sub', topics: topics as LiveTopic[] });
      this.setOpen(true);
    };
    ws.onmessage = (event: MessageEvent) => {
      if (typeof event.data !== 'string') return;
      let frame: { topic?: unknown; data?: unknown };
      try {
        frame = JSON.parse(event.data) as typeof frame;
      } catch {
        return;
      }
      if (typeof frame.topic !== 'string') return;
      for (const listener of [...(this.listeners.get(frame.topic) ?? [])]) listener(frame.data);
    };
    ws.onerror = () => undefined; // a close follows
    ws.onclose = (event: CloseEvent) => {
      if (this.socket !== ws) return;
      this.socket = null;
      this.setOpen(false);
      if (event.code === LiveCloseCode.badMessage || event.code === LiveCloseCode.tooBig) {
        this.gaveUp = true;
        return;
      }
      if (this.listeners.size === 0) return;
      if (event.code === LiveCloseCode.goingAway) {
        this.attempt = 0;
        return this.scheduleRetry(Math.random() * GOING_AWAY_SPREAD_MS);
      }
      this.scheduleRetry(this.backoff());
    };
  }

  private backoff(): number {
    const full = Math.min(LIVE_BACKOFF.maxMs, LIVE_BACKOFF.firstMs * 2 ** this.attempt);
    this.attempt++;
    return full / 2 + (Math.random() * full) / 2;
  }

  private scheduleRetry(ms: number): void {
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.listeners.size > 0 && !this.socket) this.connect();
    }, ms);
  }

  /** Nobody has listened for LINGER_MS: close the socket and stop retrying. */
  private idle(): void {
    this.lingerTimer = null;
    if (this.listeners.size > 0) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const ws = this.socket;
    this.socket = null;
    this.setOpen(false);
    ws?.close(1000);
  }

  private send(message: LiveClientMessage): void {
    this.socket?.send(JSON.stringify(message));
  }

  private setOpen(open: boolean): void {
    if (this.open === open) return;
    this.open = open;
    for (const cb of [...this.statusListeners]) cb();
  }
}

/** The app's one connection. */
export const liveConnection = new LiveConnection();
if (typeof window !== 'undefined') window.addEventListener('online', () => liveConnection.retryNow());

/**
 * Subscribes the calling screen to `topic` while mounted (and `enabled`); `onMessage` receives each
 * message's data (the latest function is called; it need not be stable). Answers whether the
 * socket is open now: while it is not, the screen keeps polling (`livePollInterval`).
 */
export function useLiveTopic<T>(topic: LiveTopic, onMessage: (data: T) => void, enabled = true): boolean {
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => {
    if (!enabled) return;
    return liveConnection.subscribe(topic, (data) => latest.current(data as T));
  }, [topic, enabled]);
  const open = useSyncExternalStore(liveConnection.onStatus, () => liveConnection.isOpen);
  return enabled && open;
}

/** A query's `refetchInterval` that a live topic keeps current: no poll while the socket is open, `pollMs` while it is down. */
export function livePollInterval(live: boolean, pollMs: number): number | false {
  return live ? false : pollMs;
}
