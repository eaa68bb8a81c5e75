import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { game, gameBrand, gamePlatform, gameType } from '../../db/schema.ts';

// The catalogue as tests change it: the way the operator console will (edit rows, then bump).

type GamePatch = Partial<Pick<typeof game.$inferInsert, 'status' | 'sort' | 'demoAllowed' | 'name' | 'isHot' | 'isNew'>>;

/** Ids of the seeded Originals by code. */
export async function seededGameIds(database: Database): Promise<Record<'slot' | 'crash' | 'mines' | 'dice', number>> {
  const rows = await database.db.select({ id: game.id, code: game.code }).from(game);
  const by = Object.fromEntries(rows.map((r) => [r.code, r.id]));
  return { slot: by.slot!, crash: by.crash!, mines: by.mines!, dice: by.dice! };
}

export async function patchGame(database: Database, gameId: number, patch: GamePatch): Promise<void> {
  await database.db.update(game).set(patch).where(eq(game.id, gameId));
}

export async function setPlatformEnabled(database: Database, code: string, enabled: boolean): Promise<void> {
  await database.db.update(gamePlatform).set({ enabled }).where(eq(gamePlatform.code, code));
}

export async function setBrandEnabled(database: Database, code: string, enabled: boolean): Promise<void> {
  await database.db.update(gameBrand).set({ enabled }).where(eq(gameBrand.code, code));
}

export async function setTypeEnabled(database: Database, code: string, enabled: boolean): Promise<void> {
  await database.db.update(gameType).set({ enabled }).where(eq(gameType.code, code));
}

/** Adds `count` extra games of the Originals platform (test rows, never seeded), answering their ids. */
export async function addTestGames(database: Database, prefix: string, count: number): Promise<number[]> {
  const res = (await database.db.execute(sql`
    insert into game (platform_id, brand_id, type_id, code, name, icon, sort)
    select b.platform_id, b.id, (select id from game_type where code = 'slots'), ${prefix} || '-' || n, 'Test ' || n, '/game-icons/slot.svg', 100 + n
      from game_brand b, generate_series(1, ${count}) n
     where b.code = 'playhall'
    returning id`)) as unknown as { rows: { id: number }[] };
  return res.rows.map((r) => Number(r.id));
}
