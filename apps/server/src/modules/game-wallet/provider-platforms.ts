import type { Db } from '../../db/client.ts';
import * as repo from './game-wallet.repo.ts';

/** The platform whose signing secret comes from configuration: our own games. */
export const ORIGINALS_PLATFORM = 'originals';
/**
 * How long a lookup is remembered, found or not: rotating a secret takes effect within this, and
 * a platform an operator adds answers within it too; an unknown code costs one query per period.
 */
const CACHE_MS = 10_000;
/** Codes remembered at most (valid-looking unknown codes are unbounded): the oldest goes first. */
const MAX_CACHED = 1_000;

export interface SigningPlatform {
  id: number;
  code: string;
  secret: string;
}

interface Cached {
  until: number;
  /** Undefined while the lookup runs: callers meanwhile share `pending`, so a burst costs one query. */
  platform: SigningPlatform | null | undefined;
  pending: Promise<SigningPlatform | null>;
}

/**
 * Finds a calling platform and its signing secret: `originals` from configuration, any other
 * from game_platform_secret. Unknown platforms, and platforms without a secret, answer null (their
 * calls can never be verified). Lookups are cached briefly, misses included, so a stream of calls
 * for an unknown code does not reach the database each time.
 */
export function createPlatformDirectory(deps: { db: Db; originalsSecret: string; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const cache = new Map<string, Cached>();

  async function load(code: string): Promise<SigningPlatform | null> {
    const row = await repo.platformByCode(deps.db, code);
    const secret = code === ORIGINALS_PLATFORM ? deps.originalsSecret : row?.secret;
    return row && secret ? { id: row.id, code: row.code, secret } : null;
  }

  return {
    async resolve(code: string): Promise<SigningPlatform | null> {
      const hit = cache.get(code);
      if (hit && hit.until > now()) return hit.platform !== undefined ? hit.platform : hit.pending;
      if (!/^[a-z0-9-]{2,32}$/.test(code)) return null;
      if (hit) cache.delete(code);
      else if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
      const entry: Cached = { until: now() + CACHE_MS, platform: undefined, pending: load(code) };
      cache.set(code, entry);
      entry.pending.then(
        (platform) => {
          entry.platform = platform;
        },
        // A failed lookup is not an answer: the next call tries again.
        () => {
          if (cache.get(code) === entry) cache.delete(code);
        },
      );
      return entry.pending;
    },
  };
}
export type PlatformDirectory = ReturnType<typeof createPlatformDirectory>;
