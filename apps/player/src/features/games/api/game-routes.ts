import { flag, int4Id, coercedText, optional, orUndefined, searchOf } from '../../../lib/search-params.ts';

/**
 * /game/start: a missing or malformed gameId (or tryIt / activityId) fails the route's validity
 * check, which the router shows as a 404 (spec §2). tryIt: 1 = demo; 0 (or nothing) = real money.
 */
export const gameStartSearch = searchOf({
  gameId: int4Id,
  tryIt: optional(flag),
  activityId: optional(int4Id),
});
export type GameStartSearch = ReturnType<typeof gameStartSearch>;

/** /game/search: filters from a shared link that make no sense are dropped, not a 404. */
export const gameSearchSearch = searchOf({
  name: orUndefined(coercedText(50)),
  typeId: orUndefined(int4Id),
  brandId: orUndefined(int4Id),
});
export type GameSearchSearch = ReturnType<typeof gameSearchSearch>;
