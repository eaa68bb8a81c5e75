import { ClientConstants, EventLimits, type ClientEvent, type TrackedEvent } from '@playhall/contract';
import { API_BASE, call, commonFields } from './api.ts';

/**
 * The event tracker (spec §9, decision 023): events wait in a batch that is sent when it holds
 * `batchSize` (20), `flushMs` (2 s) after the first of them, and at once when the page is hidden.
 * A batch goes by `navigator.sendBeacon` where the browser has it (it survives the page closing),
 * else through the API client. Tracking never holds up the player: nothing waits for an answer,
 * and a batch that cannot be sent is dropped, not retried.
 */

const PATH = 'anonymous/appEventLogClient';
const { batchSize, flushMs } = ClientConstants.tracker;

export type EventProps = Record<string, string | number | boolean | null>;

let queue: ClientEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let listening = false;

/** Keeps a batch inside the contract's bounds, so one long value never costs the whole batch a 400. */
function bounded(props: EventProps): EventProps {
  const entries = Object.entries(props).slice(0, EventLimits.propKeys);
  return Object.fromEntries(
    entries.map(([k, v]) => [k.slice(0, EventLimits.propKeyLength), typeof v === 'string' ? v.slice(0, EventLimits.propTextLength) : v]),
  );
}

function send(eventList: ClientEvent[]): void {
  const beacon = typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function';
  if (beacon) {
    const body = new Blob([JSON.stringify({ ...commonFields(), eventList })], { type: 'application/json' });
    // False when the browser's beacon queue is full: the API client takes the batch instead.
    if (navigator.sendBeacon(API_BASE + PATH, body)) return;
  }
  call(PATH, { eventList }, { quiet: true, silent: true }).catch(() => undefined);
}

/** Sends what is waiting now, in batches of at most `batchSize`. */
export function flushEvents(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  while (queue.length > 0) send(queue.splice(0, batchSize));
}

function onVisibilityChange(): void {
  if (document.visibilityState === 'hidden') flushEvents();
}

/** Records one event with the client's time in seconds. */
export function trackEvent(name: TrackedEvent, props?: EventProps): void {
  if (!listening && typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', onVisibilityChange);
    listening = true;
  }
  queue.push({ name, time: Math.floor(Date.now() / 1000), ...(props ? { props: bounded(props) } : {}) });
  if (queue.length >= batchSize) flushEvents();
  else timer ??= setTimeout(flushEvents, flushMs);
}

/** Test hook: forgets waiting events and the timer, and stops listening to the page's visibility. */
export function resetTracker(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  queue = [];
  if (listening) document.removeEventListener('visibilitychange', onVisibilityChange);
  listening = false;
}
