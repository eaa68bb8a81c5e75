import { z } from 'zod';

/** A positive integer id, from a number or digits (search params arrive parsed as JSON). */
const id = z
  .union([z.number(), z.string().regex(/^\d{1,9}$/)])
  .transform(Number)
  .pipe(z.number().int().positive().max(2_147_483_647));

/** 1 = demo; 0 (or nothing) = real money. `true`/`false` are read too, since old links carry them. */
const flag = z
  .union([z.literal(0), z.literal(1), z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .transform((v): 0 | 1 => (v === 1 || v === true || v === '1' || v === 'true' ? 1 : 0));

/**
 * /game/start: a missing or malformed gameId (or tryIt / activityId) fails the route's validity
 * check, which the router shows as a 404 (spec §2).
 */
export const gameStartSearch = z.object({
  gameId: id,
  tryIt: flag.optional(),
  activityId: id.optional(),
});
export type GameStartSearch = z.infer<typeof gameStartSearch>;

/** /game/search: filters from a shared link that make no sense are dropped, not a 404. */
export const gameSearchSearch = z.object({
  name: z.coerce.string().max(50).optional().catch(undefined),
  typeId: id.optional().catch(undefined),
  brandId: id.optional().catch(undefined),
});
export type GameSearchSearch = z.infer<typeof gameSearchSearch>;
