import { z } from 'zod';
import { int4Id } from '../fields.ts';
import { defineEndpoint, money } from '../envelope.ts';

/**
 * The game catalogue (product rules §3) and launching games. The catalogue travels with
 * preLogin only when the client's gameListVersion differs from the server's, so the client keeps
 * it in storage between visits.
 */

/** A game provider (aggregator). Seamless: it calls our wallet per bet; transfer: it holds a balance. */
export const gamePlatform = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  walletMode: z.enum(['seamless', 'transfer']),
  sort: z.number().int(),
});
export type GamePlatform = z.infer<typeof gamePlatform>;

/** A studio whose games a platform carries. */
export const gameBrand = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  platformId: z.number().int(),
  sort: z.number().int(),
});
export type GameBrand = z.infer<typeof gameBrand>;

/** slots, crash, table, fishing, arcade... */
export const gameType = z.object({ id: z.number().int(), code: z.string(), name: z.string(), sort: z.number().int() });
export type GameType = z.infer<typeof gameType>;

export const gameStatus = z.enum(['online', 'maintenance']);

export const game = z.object({
  id: z.number().int(),
  /** The provider's game code. */
  code: z.string(),
  name: z.string(),
  platformId: z.number().int(),
  brandId: z.number().int(),
  typeId: z.number().int(),
  /** Icon art: an absolute path on this server or an https URL. */
  icon: z.string(),
  hot: z.boolean(),
  new: z.boolean(),
  sort: z.number().int(),
  /** Demo (play money) allowed, also for logged-out visitors. */
  demo: z.boolean(),
  /** Games in maintenance are listed but cannot be started. Hidden games are not listed at all. */
  status: gameStatus,
});
export type Game = z.infer<typeof game>;

export const gameLists = z.object({
  gameListVersion: z.number().int(),
  gameList: z.array(game),
  gameTypeList: z.array(gameType),
  gameBrandList: z.array(gameBrand),
  gamePlatformList: z.array(gamePlatform),
});
export type GameLists = z.infer<typeof gameLists>;

export const gameLikeEndpoint = defineEndpoint({
  path: 'gameLike',
  summary: 'Adds a game to the player\'s favourites (like: true) or removes it (like: false); answers the favourites, newest first.',
  request: { gameId: int4Id(), like: z.boolean() },
  response: z.object({ gameLikes: z.array(z.number().int()) }),
});

const launch = z.object({
  gameId: z.number().int(),
  mode: z.enum(['real', 'demo']),
  /** The page to open in the full-screen iframe; carries a one-time launch token bound to player, game and mode. */
  url: z.string(),
  /** When the launch token stops working if unused (the game exchanges it at once). */
  expiresAt: z.string(),
});
export type GameLaunch = z.infer<typeof launch>;

export const startGameEndpoint = defineEndpoint({
  path: 'startGame',
  summary:
    'Launches a game for the logged-in player: real money, or demo (tryIt) where the game allows it. Adds it to the recently played list.',
  request: {
    gameId: int4Id(),
    tryIt: z.boolean().optional(),
    /** The activity that sent the player here, for the activity's own rules (later issues). */
    activityId: int4Id().optional(),
  },
  response: launch,
});

export const anonymousStartGameEndpoint = defineEndpoint({
  path: 'anonymous/startGame',
  summary: 'Launches a demo (play money) for a visitor who is not logged in, where the game allows demo play.',
  request: { gameId: int4Id() },
  response: launch,
});

export const onlineEndpoint = defineEndpoint({
  path: 'online',
  summary:
    'Presence heartbeat every 60 s while the player has a token; with the open game\'s id it also keeps that game\'s session alive. Answers the coin balance.',
  request: { gameId: int4Id().optional() },
  response: z.object({ coin: money }),
});

export const exitGameEndpoint = defineEndpoint({
  path: 'exitGame',
  summary: 'Ends the player\'s open session of the game (or of every game when gameId is left out). Public: a visitor\'s call is a no-op.',
  request: { gameId: int4Id().optional() },
  response: z.object({ closed: z.number().int() }),
});
