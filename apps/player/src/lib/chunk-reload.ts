/**
 * A failed chunk load usually means a new release replaced the files: the next navigation
 * reloads the page instead of failing again (spec §4).
 */
let chunkFailed = false;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Loading chunk|error loading dynamically/i.test(message);
}

export function markChunkFailure(): void {
  chunkFailed = true;
}

export function hasChunkFailed(): boolean {
  return chunkFailed;
}
