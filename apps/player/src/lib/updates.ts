/**
 * Updates (spec §2, §7; decision 029): registers the service worker, polls `builds/latest.json`
 * with a timestamp query parameter every few minutes and when the page becomes visible, and when
 * a new release is out updates the worker and reloads at the next navigation. A service worker
 * taking over an open page (a release installed by another tab) reloads it once, except in the
 * middle of a game, where the reload waits for the next navigation too.
 */
import { getWithRetry } from './api.ts';
import { markChunkFailure as reloadOnNextNavigation } from './chunk-reload.ts';
import { routeNameOf } from './route-names.ts';

declare const __PLAYHALL_BUILD__: string;

/** The release this page runs ('dev' outside a build). */
export const RUNNING_VERSION = typeof __PLAYHALL_BUILD__ === 'string' ? __PLAYHALL_BUILD__ : 'dev';
export const POLL_INTERVAL_MS = 5 * 60_000;

/** A game in progress is never reloaded under the player. */
const inGame = () => routeNameOf(window.location.pathname) === 'game-start';

let newReleaseSeen = false;

/** Whether `builds/latest.json` named a release other than the running one. */
export function hasNewRelease(): boolean {
  return newReleaseSeen;
}

/** Asks for `builds/latest.json` (one retry on the spec's transient statuses); true when a new release is out. */
export async function checkForRelease(): Promise<boolean> {
  if (newReleaseSeen) return true;
  let latest: unknown;
  try {
    const res = await getWithRetry(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!res.ok) return false;
    latest = await res.json();
  } catch {
    return false; // offline or a bad answer: the next poll asks again
  }
  const version = (latest as { version?: unknown } | null)?.version;
  if (typeof version !== 'string' || version === RUNNING_VERSION) return false;
  newReleaseSeen = true;
  reloadOnNextNavigation();
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  await registration?.update().catch(() => undefined);
  return true;
}

/**
 * A new service worker taking over this page reloads it once, so the page and the worker are of one
 * release. Not on the first install (no controller before: nothing changes on screen), and not in a
 * game or once the poll saw the release: then at the next navigation.
 */
export function watchController(container: ServiceWorkerContainer, reload: () => void = () => window.location.reload()): void {
  const hadController = Boolean(container.controller);
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!hadController || reloading) return;
    if (inGame() || newReleaseSeen) {
      reloadOnNextNavigation();
      return;
    }
    reloading = true;
    reload();
  });
}

/** Starts the worker and the release poll; only in a build (the dev server has no worker). */
export function startUpdates(): void {
  if (RUNNING_VERSION === 'dev') return;
  if ('serviceWorker' in navigator) {
    watchController(navigator.serviceWorker);
    window.addEventListener('load', () => {
      void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
    });
  }
  window.setInterval(() => void checkForRelease(), POLL_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkForRelease();
  });
}
