import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';

// Every statement about rounds and provider transactions. Amounts travel as text so no bigint is
// rounded; the service turns them into Money at its edge.

async function rows<T extends object>(x: Executor, query: SQL): Promise<T[]> {
  const res = (await x.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

/** One money call as game_wallet_calls (migration 0430) takes it. */
export interface MoneyCall {
  action: 'bet' | 'win' | 'rollback' | 'endRound';
  platform: number;
  platformCode: string;
  tokenHash: string;
  round: string;
  /** The call's transaction id (none for endRound). */
  tx: string | null;
  /** A win's bet, a rollback's target. */
  ref: string | null;
  gameCode: string | null;
  amount: string | null;
  endsRound: boolean;
  now: string;
  idleMs: number;
}

/** game_wallet_calls' answer for one call. */
export type CallOutcome = { balance: string; error?: undefined } | { error: string; message: string; balance?: string };

/**
 * A batch of money calls as one statement (game_wallet_calls), posting to one shard of each
 * provider's house book: one outcome per call (applied, replayed or refused), as if the calls had
 * run one by one. One round trip, one commit. Throws when a call lost a race on an id (23505) or
 * failed otherwise: nothing of the batch was applied.
 */
export async function calls(x: Executor, batch: MoneyCall[], houseShard: number): Promise<CallOutcome[]> {
  const json = JSON.stringify(batch.map((c) => ({ ...c, shard: houseShard })));
  const [row] = await rows<{ out: CallOutcome[] | string }>(x, sql`select game_wallet_calls(${json}::json) as out`);
  return (typeof row?.out === 'string' ? JSON.parse(row.out) : row?.out) as CallOutcome[];
}

export interface PlatformRow {
  id: number;
  code: string;
  name: string;
  walletMode: 'seamless' | 'transfer';
  enabled: boolean;
  /** From game_platform_secret; null when the platform has none there. */
  secret: string | null;
}

/** A platform by code with its stored signing secret. */
export async function platformByCode(x: Executor, code: string): Promise<PlatformRow | null> {
  const [row] = await rows<{ id: number; code: string; name: string; wallet_mode: PlatformRow['walletMode']; enabled: boolean; secret: string | null }>(
    x,
    sql`select p.id, p.code, p.name, p.wallet_mode, p.enabled, s.secret
          from game_platform p left join game_platform_secret s on s.platform_id = p.id
         where p.code = ${code}`,
  );
  return row ? { id: row.id, code: row.code, name: row.name, walletMode: row.wallet_mode, enabled: row.enabled, secret: row.secret } : null;
}

/** Ends up to `limit` open rounds started and untouched before `before` (game_wallet_settle_idle); answers how many. */
export async function settleIdleRounds(x: Executor, before: Date, now: Date, limit: number): Promise<number> {
  const [row] = await rows<{ n: number }>(x, sql`select game_wallet_settle_idle(${before}, ${now}, ${limit}) as n`);
  return Number(row?.n ?? 0);
}
