import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appConfig, game, gameBrand, gamePlatform, gameType } from '../schema.ts';

/** Our own provider: its games run on this server (apps/originals) and use the seamless wallet. */
export const ORIGINALS = { code: 'originals', name: 'Playhall Originals', launchUrl: '/originals/play', brandCode: 'playhall', brandName: 'Playhall' } as const;

/** Lobby tabs. Mines and Dice are one-tap "instant" games, so they share a tab instead of a tab each. */
export const demoGameTypes = [
  { code: 'slots', name: 'Slots', sort: 1 },
  { code: 'crash', name: 'Crash', sort: 2 },
  { code: 'instant', name: 'Instant', sort: 3 },
] as const;

/** The four Originals (issue 4 §4). Codes are the game paths under the platform's launch URL. */
export const demoGames = [
  { code: 'slot', name: 'Fortune Reels', type: 'slots', hot: true, new: true, sort: 1 },
  { code: 'crash', name: 'Crash', type: 'crash', hot: true, new: false, sort: 2 },
  { code: 'mines', name: 'Mines', type: 'instant', hot: false, new: true, sort: 3 },
  { code: 'dice', name: 'Dice', type: 'instant', hot: false, new: true, sort: 4 },
] as const;

/**
 * The Originals platform, its brand, the game types and games. Idempotent (ON CONFLICT DO NOTHING
 * on the natural keys): a row the operator edited, hid or switched off stays as they left it.
 * Adding rows to a catalogue that already had games bumps gameListVersion, so clients holding the
 * older lists refetch them; a first seed keeps the configured version, which then describes it.
 */
export async function seedGames(db: Db): Promise<void> {
  const hadGames = (await db.select({ id: game.id }).from(game).limit(1)).length > 0;
  let inserted = 0;

  const platformRows = await db
    .insert(gamePlatform)
    .values({ code: ORIGINALS.code, name: ORIGINALS.name, walletMode: 'seamless', launchUrl: ORIGINALS.launchUrl, sort: 1 })
    .onConflictDoNothing()
    .returning({ id: gamePlatform.id });
  inserted += platformRows.length;
  const [platform] = await db.select({ id: gamePlatform.id }).from(gamePlatform).where(eq(gamePlatform.code, ORIGINALS.code));
  if (!platform) throw new Error('seed: the originals platform is missing after insert');

  const brandRows = await db
    .insert(gameBrand)
    .values({ platformId: platform.id, code: ORIGINALS.brandCode, name: ORIGINALS.brandName, sort: 1 })
    .onConflictDoNothing()
    .returning({ id: gameBrand.id });
  inserted += brandRows.length;
  const [brand] = await db
    .select({ id: gameBrand.id })
    .from(gameBrand)
    .where(and(eq(gameBrand.platformId, platform.id), eq(gameBrand.code, ORIGINALS.brandCode)));
  if (!brand) throw new Error('seed: the originals brand is missing after insert');

  const typeRows = await db.insert(gameType).values([...demoGameTypes]).onConflictDoNothing().returning({ id: gameType.id });
  inserted += typeRows.length;
  const types = await db
    .select({ id: gameType.id, code: gameType.code })
    .from(gameType)
    .where(inArray(gameType.code, demoGameTypes.map((t) => t.code)));
  const typeId = new Map(types.map((t) => [t.code, t.id]));

  const gameRows = await db
    .insert(game)
    .values(
      demoGames.map((g) => {
        const type = typeId.get(g.type);
        if (type === undefined) throw new Error(`seed: game type ${g.type} is missing`);
        return {
          platformId: platform.id,
          brandId: brand.id,
          typeId: type,
          code: g.code,
          name: g.name,
          icon: `/game-icons/${g.code}.svg`,
          isHot: g.hot,
          isNew: g.new,
          sort: g.sort,
          demoAllowed: true,
        };
      }),
    )
    .onConflictDoNothing()
    .returning({ id: game.id });
  inserted += gameRows.length;

  if (hadGames && inserted > 0) {
    await db
      .update(appConfig)
      .set({ value: sql`to_jsonb((${appConfig.value} #>> '{}')::int + 1)`, updatedAt: sql`now()` })
      .where(eq(appConfig.key, 'gameListVersion'));
  }
}
