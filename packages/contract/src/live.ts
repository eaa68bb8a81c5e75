import { z } from 'zod';
import { getJackpotDrawInfoEndpoint } from './endpoints/jackpot-draw-info.ts';
import type { JackpotWinner } from './jackpot.ts';

/**
 * Live pushes over one WebSocket per app (decision 053). Not a call of the registry: the player
 * opens `LIVE_PATH` (ws: or wss: on the page's own host), subscribes to topics, and receives one
 * text frame per message published on them. Every topic today is public (pool totals, real winners):
 * no token is sent.
 */
export const LIVE_PATH = '/app/live';

/** The topics a socket may subscribe to. */
export const LiveTopics = ['jackpot'] as const;
export type LiveTopic = (typeof LiveTopics)[number];

export function isLiveTopic(topic: string): topic is LiveTopic {
  return (LiveTopics as readonly string[]).includes(topic);
}

/** Limits every instance applies (the server may be configured lower for sockets per address). */
export const LiveLimits = {
  /** A client's message (a sub or unsub) longer than this closes the socket with `tooBig`. */
  maxClientMessageBytes: 1024,
  /** Client messages allowed per socket in a window of `clientMessageWindowMs`; more close it with `badMessage`. */
  maxClientMessages: 30,
  clientMessageWindowMs: 10_000,
} as const;

/**
 * Close codes the server sends, and what the player does about each:
 * - goingAway (1001): the instance is shutting down: reconnect at once (another instance answers).
 * - badMessage (1008): the client sent something that is not a sub/unsub message, or too many: a
 *   client bug; no reconnect, the screens keep polling.
 * - tooBig (1009): a client message over `maxClientMessageBytes`: the same.
 * - serverFull (1013): this instance holds its maximum of sockets: retry later (backoff).
 * - tooManyFromAddress (4029): this address holds its maximum of sockets: retry later (backoff).
 * - slowClient (4008): the client read too slowly and its unread messages passed the bound.
 */
export const LiveCloseCode = {
  goingAway: 1001,
  badMessage: 1008,
  tooBig: 1009,
  serverFull: 1013,
  slowClient: 4008,
  tooManyFromAddress: 4029,
} as const;

/** What a client sends: subscribe to or unsubscribe from topics (unknown topics are answered with an error frame). */
export const LiveClientMessage = z.strictObject({
  op: z.enum(['sub', 'unsub']),
  topics: z.array(z.string().max(40)).min(1).max(8),
});
export type LiveClientMessage = z.infer<typeof LiveClientMessage>;

/** What the server sends: a message on a topic, or the refusal of an unknown topic. */
export type LiveServerFrame = { topic: LiveTopic; data: unknown } | { error: 'unknownTopic'; topic: string };

/** Topic `jackpot`: getJackpotDrawInfo's pool part, as every player sees it. */
export const liveJackpotPools = getJackpotDrawInfoEndpoint.response.pick({
  activityId: true,
  total: true,
  megaJackpot: true,
  megaJackpotSection: true,
  majorJackpot: true,
  majorJackpotSection: true,
  minorJackpot: true,
  minorJackpotSection: true,
  miniJackpot: true,
  miniJackpotSection: true,
});
export type LiveJackpotPools = z.infer<typeof liveJackpotPools>;

/**
 * The jackpot topic's messages: the pools whenever they changed (each instance reads them at most
 * once a second while someone watches; retained, so a screen subscribing gets them at once; null
 * when no lucky jackpot runs), and each real win of a tier once its draw committed (an entry of
 * getJackpotDrawInfo's jackpotWinnerList: put it first).
 */
export type LiveJackpotMessage = { type: 'pools'; pools: LiveJackpotPools | null } | { type: 'win'; winner: JackpotWinner };
