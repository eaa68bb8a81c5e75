import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Executor } from '../../db/tx.ts';

// The award function's one statement (reward_award, db/functions/rewards/400_reward_award.sql).
// Amounts travel as text so no bigint is rounded.

/** A transfer as the ledger service prepares it (`preparePosting`): netted entries, fingerprint. */
export interface PreparedTransfer {
  key: string;
  fingerprint: string;
  reason: string;
  reference: string | null;
  at: Date | null;
  entries: { u: number | null; b: string; a: string; n: string }[];
}

/** One award, checked: its transfer and what the grant and the wagering record. */
export interface AwardItem {
  transfer: PreparedTransfer;
  userId: number;
  awardId: number;
  count: number;
  /** Turnover added (count × multiplier; 0 for none). */
  turnover: number;
  /** Bonus locked until the turnover is played (the count when there is turnover, else 0). */
  bonus: number;
  activityId: number | null;
  at: Date;
}

/** reward_award's codes: the ledger's (0-4), then its own. */
export const AwardCode = { applied: 0, replayed: 1, conflict: 2, insufficient: 3, unbalanced: 4, unknownPlayer: 5, grantMissing: 6 } as const;
export type AwardCode = (typeof AwardCode)[keyof typeof AwardCode];

export interface AwardOutcome {
  code: AwardCode;
  transferId: string | null;
  /** The player's balance after (the stored one on a replay); null when nothing was posted. */
  balanceAfter: string | null;
  grantId: string | null;
  awardId: number | null;
  count: string | null;
  turnover: string | null;
}

const AWARD_SQL = 'select reward_award($1::jsonb, $2::smallint) as r';

/**
 * A batch of awards in one statement: postings (through ledger_post), wagering and grant rows. One
 * round trip; one commit for the whole batch when run outside a transaction. An outcome per award,
 * in order. Keys must be distinct within a batch.
 */
export async function awardBatch(x: Executor, items: AwardItem[], shard: number): Promise<AwardOutcome[]> {
  const payload = JSON.stringify(
    items.map((it) => ({
      k: it.transfer.key,
      f: it.transfer.fingerprint,
      r: it.transfer.reason,
      ref: it.transfer.reference,
      at: it.at.toISOString(),
      u: it.userId,
      e: it.transfer.entries.map((e) => [e.u, e.b, e.a, e.n]),
      aw: it.awardId,
      c: String(it.count),
      t: String(it.turnover),
      b: String(it.bonus),
      act: it.activityId,
    })),
  );
  let r: unknown;
  const client = (x as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    // Outside a transaction on PostgreSQL: a named statement, parsed and planned once per connection.
    const res = await client.query<{ r: unknown }>({ name: 'reward_award', text: AWARD_SQL, values: [payload, shard] });
    r = res.rows[0]?.r;
  } else {
    const res = (await x.execute(sql`select reward_award(${payload}::jsonb, ${shard}::smallint) as r`)) as unknown as { rows: { r: unknown }[] };
    r = res.rows[0]?.r;
  }
  const [codes, tids, after, grants, awards, counts, turnovers] = (typeof r === 'string' ? JSON.parse(r) : r) as [
    AwardCode[],
    (string | null)[],
    (string | null)[],
    (string | null)[],
    (number | null)[],
    (string | null)[],
    (string | null)[],
  ];
  const n = items.length;
  if (!Array.isArray(codes) || codes.length !== n || tids.length !== n || grants.length !== n) throw new Error('reward_award answered the wrong number of results');
  return codes.map((code, i) => ({
    code,
    transferId: tids[i] ?? null,
    balanceAfter: after[i] ?? null,
    grantId: grants[i] ?? null,
    awardId: awards[i] ?? null,
    count: counts[i] ?? null,
    turnover: turnovers[i] ?? null,
  }));
}
