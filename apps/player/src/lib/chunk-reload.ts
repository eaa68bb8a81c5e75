/**
 * A failed chunk load usually means a new release replaced the files: the next navigation
 * reloads the page instead of failing again (spec §4). Vite's loader says so itself: every lazy
 * import goes through its preload helper, which fires `vite:preloadError` on the window when the
 * chunk (or a file it needs) cannot be loaded; no error text is matched.
 */
let chunkFailed = false;

export function markChunkFailure(): void {
  chunkFailed = true;
}

export function hasChunkFailed(): boolean {
  return chunkFailed;
}

/** Listens for Vite's `vite:preloadError`; the error still reaches the screen that asked (its error page). */
export function watchChunkFailures(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('vite:preloadError', markChunkFailure);
}
