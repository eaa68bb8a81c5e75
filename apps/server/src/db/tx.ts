import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';
import type * as schema from './schema.ts';

export type Tx = PgTransaction<PgQueryResultHKT, typeof schema, ExtractTablesWithRelations<typeof schema>>;
/** Either the database or an open transaction: repos accept both so flows compose. */
export type Executor = Db | Tx;

const RETRYABLE = new Set(['40001', '40P01']);

/** The SQLSTATE of a driver error (either driver nests it under `cause`). */
export function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A serialization failure or deadlock (40001, 40P01): the whole transaction may simply run again. */
export const isRetryable = (err: unknown): boolean => RETRYABLE.has(sqlState(err) ?? '');

/**
 * Runs fn in one transaction, retrying serialization failures and deadlocks (40001, 40P01)
 * with jittered backoff. fn may run more than once: keep side effects outside the database
 * (SMS, logs) out of it.
 */
export async function withTx<T>(db: Db, fn: (tx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (!isRetryable(err) || attempt >= attempts) throw err;
      const delay = 10 * 2 ** attempt + Math.random() * 20;
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}

/** Is this a unique-violation (23505) from either driver? */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const rec = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (rec.code === '23505') {
      if (!constraint) return true;
      return rec.constraint === constraint || (typeof rec.message === 'string' && rec.message.includes(constraint));
    }
  }
  return false;
}
