import { NATIVE_SHELL_UA } from './pwa.ts';

/**
 * The native app shell's bridge (decision 035, docs/architecture.md "Native app shell").
 *
 * The shell is a web view whose user agent carries `PlayhallApp/<version>`. It offers the page one
 * object, `window.PlayhallNative`, with one method, `postMessage(json: string)`; on Android that is
 * a JavaScript interface, on iOS a user script forwarding to a WKScriptMessageHandler. Each message
 * is a JSON request:
 *
 *   { "v": 1, "id": "n1", "type": "openLiveChat", "name"?: string, "url"?: string }
 *   { "v": 1, "id": "n2", "type": "share", "title"?: string, "text"?: string, "url"?: string }
 *   { "v": 1, "id": "n3", "type": "openExternal", "url": "https://…" }
 *   { "v": 1, "id": "n4", "type": "getPushToken" }
 *
 * The shell answers each request once, by dispatching on `window` a CustomEvent named
 * `playhall:native` whose `detail` is `{ "id": "n1", "ok": true, "result"?: … }` or
 * `{ "id": "n1", "ok": false, "error": "…" }` (getPushToken's result: `{ "token": string | null }`).
 * It may also send, unasked, `{ "event": "pushToken", "token": "…" }` when the push service hands
 * it a new token. A request the shell does not answer within its timeout rejects here, and the
 * web way is used instead (the shell may be an older build without the bridge, or without one
 * message type).
 */
export const NATIVE_EVENT = 'playhall:native';
export const BRIDGE_VERSION = 1;

export type NativeRequest =
  | { type: 'openLiveChat'; name?: string; url?: string }
  | { type: 'share'; title?: string; text?: string; url?: string }
  | { type: 'openExternal'; url: string }
  | { type: 'getPushToken' };

export type NativeReply = { id: string; ok: true; result?: unknown } | { id: string; ok: false; error?: string };
export type NativeEvent = { event: 'pushToken'; token: string };

export interface PlayhallNative {
  postMessage(message: string): void;
}

declare global {
  interface Window {
    /** Present only inside the native app shell (decision 035). */
    PlayhallNative?: PlayhallNative;
  }
}

export class NativeBridgeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NativeBridgeError';
  }
}

/** How long a request waits for the shell's answer. */
export const NATIVE_TIMEOUT_MS = 3_000;
/** How long start-up waits for the push token before preLogin goes without it. */
export const PUSH_TOKEN_WAIT_MS = 800;

/** Inside the native shell (by its user agent token), bridge or not. */
export function inNativeShell(userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent): boolean {
  return userAgent.includes(NATIVE_SHELL_UA);
}

/** Inside the shell and the shell offers the bridge. */
export function hasNativeBridge(): boolean {
  return typeof window !== 'undefined' && inNativeShell() && typeof window.PlayhallNative?.postMessage === 'function';
}

const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: Error) => void; timer: ReturnType<typeof setTimeout> }>();
let nextId = 0;
let pushToken: string | undefined;
let listening = false;
let installed = false;

function onNativeMessage(e: Event): void {
  const detail = (e as CustomEvent<unknown>).detail as { id?: string; ok?: boolean; result?: unknown; error?: unknown; event?: string; token?: unknown } | null;
  if (!detail || typeof detail !== 'object') return;
  if (detail.event === 'pushToken') {
    if (typeof detail.token === 'string' && detail.token) pushToken = detail.token;
    return;
  }
  const waiting = typeof detail.id === 'string' ? pending.get(detail.id) : undefined;
  if (!waiting) return;
  pending.delete(detail.id!);
  clearTimeout(waiting.timer);
  if (detail.ok === true) waiting.resolve(detail.result);
  else waiting.reject(new NativeBridgeError(typeof detail.error === 'string' ? detail.error : 'The app refused'));
}

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener(NATIVE_EVENT, onNativeMessage);
}

/** Sends one request to the shell; resolves with its result, rejects without a bridge, on refusal or timeout. */
export function sendToNative(req: NativeRequest, timeoutMs = NATIVE_TIMEOUT_MS): Promise<unknown> {
  if (!hasNativeBridge()) return Promise.reject(new NativeBridgeError('No native bridge'));
  listen();
  const id = `n${++nextId}`;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new NativeBridgeError(`The app did not answer ${req.type}`));
    }, timeoutMs);
    pending.set(id, { resolve, reject, timer });
    try {
      window.PlayhallNative!.postMessage(JSON.stringify({ v: BRIDGE_VERSION, id, ...req }));
    } catch (e) {
      pending.delete(id);
      clearTimeout(timer);
      reject(new NativeBridgeError(e instanceof Error ? e.message : 'postMessage failed'));
    }
  });
}

const isHttpLink = (url: string) => /^https?:\/\//i.test(url);

/** Opens an address outside the app: the system browser through the shell, else a new tab. */
export async function openExternal(url: string): Promise<void> {
  if (hasNativeBridge()) {
    try {
      await sendToNative({ type: 'openExternal', url });
      return;
    } catch {
      // An older shell: the web view's own way below.
    }
  }
  window.open(url, '_blank', 'noopener,noreferrer');
}

/**
 * Customer service's live chat (spec §6: in the native app it opens native live chat). True when
 * the shell opened its chat; false outside the shell or when it could not, and the caller opens
 * the web chat.
 */
export async function openNativeLiveChat(channel: { name?: string; url?: string } = {}): Promise<boolean> {
  if (!hasNativeBridge()) return false;
  try {
    await sendToNative({ type: 'openLiveChat', ...channel });
    return true;
  } catch {
    return false;
  }
}

/**
 * The shell's push messaging token, for preLogin's `messagingToken` (spec §7). Outside the shell
 * at once undefined; inside, the token it already sent, else asked for and waited on up to `waitMs`.
 */
export async function nativePushToken(waitMs = PUSH_TOKEN_WAIT_MS): Promise<string | undefined> {
  if (!hasNativeBridge()) return undefined;
  listen();
  if (pushToken) return pushToken;
  try {
    const result = (await sendToNative({ type: 'getPushToken' }, waitMs)) as { token?: unknown } | undefined;
    if (typeof result?.token === 'string' && result.token) pushToken = result.token;
  } catch {
    // No token yet (or an older shell): preLogin goes without one.
  }
  return pushToken;
}

/**
 * Inside the shell, links that leave the site (`target="_blank"` or another origin) go to the
 * system browser through the bridge, wherever they are rendered; a web view would otherwise
 * drop the new tab or open the site inside the app. Installed once at start-up.
 */
export function installNativeBridge(): void {
  if (installed || !hasNativeBridge()) return;
  installed = true;
  listen();
  document.addEventListener('click', openExternalLinks);
  // Asked early so preLogin finds it ready.
  void nativePushToken();
}

function openExternalLinks(e: MouseEvent): void {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
  if (!a || !isHttpLink(a.href)) return;
  const external = a.target === '_blank' || new URL(a.href).origin !== window.location.origin;
  if (!external) return;
  e.preventDefault();
  void openExternal(a.href);
}

/** Tests only: forget the cached token, the pending requests and the installed link handler. */
export function resetNativeBridgeForTests(): void {
  if (installed) document.removeEventListener('click', openExternalLinks);
  installed = false;
  pushToken = undefined;
  for (const p of pending.values()) clearTimeout(p.timer);
  pending.clear();
}
