import type { Db } from '../../db/client.ts';
import * as repo from './game-wallet.repo.ts';

/** The platform whose signing secret comes from configuration: our own games. */
export const ORIGINALS_PLATFORM = 'originals';
/** How long a platform's secret is remembered: rotating one takes effect within this. */
const CACHE_MS = 10_000;

export interface SigningPlatform {
  id: number;
  code: string;
  secret: string;
}

/**
 * Finds a calling platform and its signing secret: `originals` from configuration, any other
 * from game_platform_secret. Unknown platforms, and platforms without a secret, answer null (their
 * calls can never be verified). Found platforms are cached briefly; misses are not, so a platform
 * added while the server runs works at once.
 */
export function createPlatformDirectory(deps: { db: Db; originalsSecret: string; now?: () => number }) {
  const now = deps.now ?? Date.now;
  const cache = new Map<string, { platform: SigningPlatform; until: number }>();
  return {
    async resolve(code: string): Promise<SigningPlatform | null> {
      const hit = cache.get(code);
      if (hit && hit.until > now()) return hit.platform;
      if (!/^[a-z0-9-]{2,32}$/.test(code)) return null;
      const row = await repo.platformByCode(deps.db, code);
      const secret = code === ORIGINALS_PLATFORM ? deps.originalsSecret : row?.secret;
      if (!row || !secret) return null;
      const platform = { id: row.id, code: row.code, secret };
      cache.set(code, { platform, until: now() + CACHE_MS });
      return platform;
    },
  };
}
export type PlatformDirectory = ReturnType<typeof createPlatformDirectory>;
