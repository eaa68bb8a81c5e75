/**
 * Provably fair promotional draws (issue 18 §2, decision 051). Each player has one active seed
 * pair per scope ('jackpot' now), created on first use: a secret server seed (32 CSPRNG bytes),
 * its SHA-256 shown before any draw, the player's client seed and a nonce. A draw takes the next
 * nonce of the locked pair inside the caller's transaction, so a draw that rolls back takes no
 * nonce and committed draws of one pair have consecutive nonces. Rotation reveals the server seed
 * and starts a new pair; the public verify page recomputes any draw from the revealed seed.
 *
 * Lock order: fair_seed is a promotion's lock, taken before any ledger account (decision 019);
 * rotation locks nothing else.
 */
import { AppError, ErrorCode, FairScopes, ClientSeedMessage, type FairSeedPublic, type FairSeedRevealed } from '@playhall/contract';
import { isClientSeed, randomClientSeed } from '@playhall/fairness';
import { fairFloats, newSeedPair } from '@playhall/fairness/node';
import type { Db } from '../../db/client.ts';
import { withTx, type Executor } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import * as repo from './fairness.repo.ts';
import type { FairDraw, FairScope } from './fairness.types.ts';

/** The most floats one draw may take (a digest gives 8; a jackpot draw takes 1). */
export const MAX_FLOATS_PER_DRAW = 256;

function assertScope(scope: string): asserts scope is FairScope {
  if (!(FairScopes as readonly string[]).includes(scope)) throw new AppError(ErrorCode.badRequest, `Unknown fairness scope ${JSON.stringify(scope)}`);
}

/** A fresh pair's row values (random client seed unless given). */
function freshPair(userId: number, scope: FairScope, clientSeed: string | undefined, at: Date) {
  const pair = newSeedPair(clientSeed ?? randomClientSeed());
  return { userId, scope, serverSeed: pair.serverSeed, serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed, nonce: 0, createdAt: at };
}

/** The active pair, created (nonce 0) when the player has none. */
async function activePair(x: Executor, userId: number, scope: FairScope, at: Date): Promise<repo.FairSeedRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const found = (await repo.findActive(x, userId, scope)) ?? (await repo.insertActive(x, freshPair(userId, scope, undefined, at)));
    if (found) return found;
  }
  throw new Error(`no active fair_seed for user ${userId} ${scope}`);
}

/**
 * The floats of one draw, inside the caller's transaction: locks the player's active pair of the
 * scope (creating it on first use, with a random 32-byte server seed), takes `count` floats for its
 * current nonce and moves the nonce on. Concurrent draws on one pair queue on the row lock and get
 * distinct consecutive nonces; if the caller's transaction rolls back, so does the nonce.
 */
export async function drawFloats(tx: Executor, userId: number, scope: FairScope, count: number, at: Date = new Date()): Promise<FairDraw> {
  assertScope(scope);
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new RangeError(`drawFloats: bad user id ${userId}`);
  if (!Number.isInteger(count) || count < 1 || count > MAX_FLOATS_PER_DRAW) throw new RangeError(`drawFloats: count must be 1 to ${MAX_FLOATS_PER_DRAW}, got ${count}`);
  for (let attempt = 0; attempt < 5; attempt++) {
    // Usually one statement: the UPDATE locks the active row and takes its nonce. On first use
    // there is none: insert one that has already given nonce 0 to this draw. A concurrent first
    // use or rotation that wins the insert sends us round again to take its row's nonce.
    let row = await repo.takeNonce(tx, userId, scope);
    if (!row) {
      const created = await repo.insertActive(tx, { ...freshPair(userId, scope, undefined, at), nonce: 1 });
      row = created && { ...created, nonce: 0 };
    }
    if (row) {
      const floats = fairFloats({ serverSeed: row.serverSeed, clientSeed: row.clientSeed, nonce: row.nonce }, count);
      return { seedId: row.id, serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: row.nonce, floats };
    }
  }
  throw new Error(`drawFloats: could not take a nonce for user ${userId} ${scope}`);
}

/** The server seeds of those pairs (by fair_seed id) already revealed: a draw record shows its seed once rotated. */
export async function revealedServerSeeds(x: Executor, seedIds: readonly number[]): Promise<Map<number, string>> {
  return new Map((await repo.revealedSeeds(x, seedIds)).map((r) => [r.id, r.serverSeed]));
}

const publicPart = (r: repo.FairSeedRow): FairSeedPublic => ({ serverSeedHash: r.serverSeedHash, clientSeed: r.clientSeed, nonce: r.nonce });
const revealedPart = (r: repo.FairSeedRow): FairSeedRevealed => ({
  serverSeed: r.serverSeed,
  serverSeedHash: r.serverSeedHash,
  clientSeed: r.clientSeed,
  roundsPlayed: r.nonce,
  createdAt: r.createdAt.toISOString(),
  revealedAt: (r.revealedAt ?? r.createdAt).toISOString(),
});

export interface FairnessDeps {
  db: Db;
  clock: Clock;
}

/** The player's calls: see the active pair, rotate it, list revealed pairs. */
export function createFairnessService({ db, clock }: FairnessDeps) {
  return {
    /** The active pair's public part (created on first look, so its hash is shown before any draw). */
    async info(userId: number, scope: FairScope): Promise<FairSeedPublic> {
      assertScope(scope);
      return publicPart(await activePair(db, userId, scope, clock.now()));
    },

    /**
     * Reveals the active pair and starts a new one at nonce 0, with the given client seed or the
     * current one. A bad client seed is refused before anything changes.
     */
    async rotate(userId: number, scope: FairScope, clientSeed: string | undefined): Promise<{ revealed: FairSeedRevealed; current: FairSeedPublic }> {
      assertScope(scope);
      if (clientSeed !== undefined && !isClientSeed(clientSeed)) throw new AppError(ErrorCode.badRequest, ClientSeedMessage);
      return withTx(db, async (tx) => {
        const at = clock.now();
        let old = await repo.lockActive(tx, userId, scope);
        if (!old) {
          await activePair(tx, userId, scope, at);
          old = await repo.lockActive(tx, userId, scope);
        }
        if (!old) throw new Error(`rotate: no active fair_seed for user ${userId} ${scope}`);
        const revealed = await repo.markRevealed(tx, old.id, at);
        const next = await repo.insertActive(tx, freshPair(userId, scope, clientSeed ?? old.clientSeed, at));
        if (!next) throw new Error(`rotate: a new fair_seed for user ${userId} ${scope} already exists`);
        return { revealed: revealedPart(revealed), current: publicPart(next) };
      });
    },

    /** Revealed pairs, newest first. */
    async history(userId: number, scope: FairScope, pageNum: number, pageSize: number) {
      assertScope(scope);
      const { rows, total } = await repo.listRevealed(db, userId, scope, pageSize, (pageNum - 1) * pageSize);
      return { list: rows.map(revealedPart), pageNum, pageSize, total, pages: Math.ceil(total / pageSize) };
    },
  };
}

export type FairnessService = ReturnType<typeof createFairnessService>;
