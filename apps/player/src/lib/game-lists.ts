import type { Game, GameBrand, GameLists, GamePlatform, GameType } from '@playhall/contract';

/**
 * The game catalogue lives in localStorage between visits: preLogin sends the stored
 * `gameListVersion` and the server answers the lists only when they changed (null otherwise).
 * Kept per language, so a server that names types or games per language never shows a list
 * cached in another one. The `v1` is the shape of what we store; bump it when that changes.
 */
const STORE_PREFIX = 'gameLists:v1:';

export function gameListsKey(lang: string): string {
  return STORE_PREFIX + lang;
}

// The stored copy is checked by hand, not with the contract's zod schema: the lobby reads it on the
// first screen, which does not load zod (decision 033). lib/game-lists.test.tsx checks that this
// accepts and rejects what the contract's `gameLists` schema does.
type FieldCheck = 'int' | 'string' | 'boolean' | readonly string[];
const platformFields = { id: 'int', code: 'string', name: 'string', walletMode: ['seamless', 'transfer'], sort: 'int' } as const;
const brandFields = { id: 'int', code: 'string', name: 'string', platformId: 'int', sort: 'int' } as const;
const typeFields = { id: 'int', code: 'string', name: 'string', sort: 'int' } as const;
const gameFields = {
  id: 'int', code: 'string', name: 'string', platformId: 'int', brandId: 'int', typeId: 'int', icon: 'string',
  hot: 'boolean', new: 'boolean', sort: 'int', demo: 'boolean', status: ['online', 'maintenance'],
} as const;

function fits(value: unknown, check: FieldCheck): boolean {
  if (check === 'int') return Number.isSafeInteger(value);
  if (check === 'string' || check === 'boolean') return typeof value === check;
  return typeof value === 'string' && check.includes(value);
}

function isRecord(value: unknown, fields: Record<string, FieldCheck>): boolean {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return Object.entries(fields).every(([key, check]) => fits(v[key], check));
}

function listOf(value: unknown, fields: Record<string, FieldCheck>): boolean {
  return Array.isArray(value) && value.every((item) => isRecord(item, fields));
}

/** Whether `value` has the shape of the contract's `gameLists` (what storeGameLists wrote). */
export function isGameLists(value: unknown): value is GameLists {
  if (!isRecord(value, { gameListVersion: 'int' })) return false;
  const v = value as Record<string, unknown>;
  return listOf(v.gameList, gameFields) && listOf(v.gameTypeList, typeFields) && listOf(v.gameBrandList, brandFields) && listOf(v.gamePlatformList, platformFields);
}

/** The stored lists for this language; a missing, unreadable or malformed store counts as none. */
export function readStoredGameLists(lang: string): GameLists | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(gameListsKey(lang));
  } catch {
    return null; // storage blocked (private mode): ask for the lists every time
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isGameLists(parsed)) return parsed;
  } catch {
    // not JSON: fall through and forget it
  }
  forgetGameLists(lang);
  return null;
}

export function storeGameLists(lang: string, lists: GameLists): void {
  try {
    localStorage.setItem(gameListsKey(lang), JSON.stringify(lists));
  } catch {
    // Quota or blocked storage: the app still works, it just downloads the lists next time.
  }
}

export function forgetGameLists(lang: string): void {
  try {
    localStorage.removeItem(gameListsKey(lang));
  } catch {
    // nothing to forget
  }
}

/**
 * What preLogin should send: the version of usable stored lists, or nothing (so the server
 * answers the whole catalogue).
 */
export function storedGameListVersion(lang: string): number | undefined {
  return readStoredGameLists(lang)?.gameListVersion;
}

/**
 * The lists to use after a preLogin answer: new lists are stored and used; null means "yours are
 * current", so the stored ones are used. `stored` is what was read when the request was made.
 */
export function settleGameLists(lang: string, answer: GameLists | null, stored: GameLists | null): GameLists | null {
  if (answer) {
    storeGameLists(lang, answer);
    return answer;
  }
  return stored;
}

/** The catalogue with the look-ups every screen needs, sorted as the operator configured it. */
export interface GameCatalogue {
  games: Game[];
  types: GameType[];
  brands: GameBrand[];
  platforms: GamePlatform[];
  byId: Map<number, Game>;
  typeById: Map<number, GameType>;
  brandById: Map<number, GameBrand>;
}

const bySort = <T extends { sort: number; id: number }>(a: T, b: T) => a.sort - b.sort || a.id - b.id;

export function buildCatalogue(lists: GameLists): GameCatalogue {
  const games = [...lists.gameList].sort(bySort);
  const types = [...lists.gameTypeList].sort(bySort);
  const brands = [...lists.gameBrandList].sort(bySort);
  const platforms = [...lists.gamePlatformList].sort(bySort);
  return {
    games,
    types,
    brands,
    platforms,
    byId: new Map(games.map((g) => [g.id, g])),
    typeById: new Map(types.map((t) => [t.id, t])),
    brandById: new Map(brands.map((b) => [b.id, b])),
  };
}

/** Games of one type in catalogue order. */
export function gamesOfType(catalogue: GameCatalogue, typeId: number): Game[] {
  return catalogue.games.filter((g) => g.typeId === typeId);
}

/** The games behind a list of ids (favourites, recently played), keeping its order, skipping unknown ids. */
export function gamesByIds(catalogue: GameCatalogue, ids: readonly number[]): Game[] {
  const out: Game[] = [];
  for (const id of ids) {
    const g = catalogue.byId.get(id);
    if (g) out.push(g);
  }
  return out;
}

/** Lower-case, accents removed: "Pôquer" matches "poquer". */
export function normalizeName(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();
}

export interface GameFilter {
  name?: string;
  typeId?: number;
  brandId?: number;
}

/**
 * Client-side search over the catalogue: every word of `name` must appear in the game's name;
 * names that start with the query come first, otherwise catalogue order.
 */
export function searchGames(catalogue: GameCatalogue, filter: GameFilter): Game[] {
  const query = normalizeName(filter.name ?? '');
  const words = query.split(/\s+/).filter(Boolean);
  const hits = catalogue.games.filter((g) => {
    if (filter.typeId !== undefined && g.typeId !== filter.typeId) return false;
    if (filter.brandId !== undefined && g.brandId !== filter.brandId) return false;
    if (words.length === 0) return true;
    const name = normalizeName(g.name);
    return words.every((w) => name.includes(w));
  });
  if (words.length === 0) return hits;
  const starts = hits.filter((g) => normalizeName(g.name).startsWith(query));
  return [...starts, ...hits.filter((g) => !normalizeName(g.name).startsWith(query))];
}
