import { z } from 'zod';
import { PlainText, PlainTextMessage } from './fields.ts';

/**
 * Provably fair promotional draws (decision 051): the scopes that have their own seed pair per
 * player, the seed rules and the public verify page's link. The maths itself is @playhall/fairness;
 * the contract imports nothing of ours, so the client seed rule is written here too (a server test
 * proves both agree).
 */

/** Promotions whose draws are provably fair, each with its own seed pair per player. */
export const FairScopes = ['jackpot'] as const;
export type FairScope = (typeof FairScopes)[number];
export const fairScope = z.enum(FairScopes, { error: `Choose a scope: ${FairScopes.join(', ')}` });

/** 1 to 64 printable ASCII characters without spaces: the Originals' rule, for every scope. */
export const ClientSeedPattern = /^[\x21-\x7e]{1,64}$/;
export const ClientSeedMessage = 'The client seed must be 1 to 64 printable characters without spaces (letters, digits, symbols)';
export const fairClientSeed = z
  .string()
  .max(64, ClientSeedMessage)
  .regex(ClientSeedPattern, ClientSeedMessage)
  .regex(PlainText, PlainTextMessage); // implied by the pattern; stated for the input rules (decision 016)

/** What the player sees of the active pair before drawing: the commitment, their seed, the next nonce. */
export const fairSeedPublic = z.object({
  /** SHA-256 of the secret server seed (64 lowercase hex), shown before any draw it decides. */
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** The nonce the next draw takes. */
  nonce: z.number().int(),
});
export type FairSeedPublic = z.infer<typeof fairSeedPublic>;

/** A finished pair: its server seed revealed, so every draw it made (nonces 0 .. roundsPlayed − 1) can be recomputed. */
export const fairSeedRevealed = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Draws made with this pair (its nonces 0 .. roundsPlayed − 1). */
  roundsPlayed: z.number().int(),
  /** ISO times: the pair's first use and its rotation. */
  createdAt: z.string(),
  revealedAt: z.string(),
});
export type FairSeedRevealed = z.infer<typeof fairSeedRevealed>;

/** The public verify page (the Originals' verify page, Lucky jackpot mode; decision 051). */
export const FairVerifyPath = '/originals/verify';

/** One draw, as a link to the verify page that recomputes it. */
export interface FairVerifyLink {
  scope: FairScope;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** The award table the draw used, in id order: ids and integer weights. */
  table: readonly { id: number; weight: number }[];
  /** Present once the pair is revealed; before that the page waits for it to be pasted. */
  serverSeed?: string | null;
  /** The page's language (en, pt, th); the page picks the browser's otherwise. */
  lang?: string;
}

/**
 * `/originals/verify?game=jackpot&serverSeedHash=…&clientSeed=…&nonce=…&ids=50000,50001,…&weights=…[&serverSeed=…][&lang=…]`:
 * the page is prefilled from these and recomputes the draw (float, index, winning entry).
 */
export function fairVerifyHref(link: FairVerifyLink): string {
  const q = new URLSearchParams({
    game: link.scope,
    serverSeedHash: link.serverSeedHash,
    clientSeed: link.clientSeed,
    nonce: String(link.nonce),
    ids: link.table.map((e) => e.id).join(','),
    weights: link.table.map((e) => e.weight).join(','),
  });
  if (link.serverSeed) q.set('serverSeed', link.serverSeed);
  if (link.lang) q.set('lang', link.lang);
  return `${FairVerifyPath}?${q.toString()}`;
}
