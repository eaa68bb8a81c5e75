import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Executor } from '../../db/tx.ts';
import { appUser, type AppUserRow } from '../../db/schema.ts';
import { idArray, ReadBatcher, readLanes } from '../../db/read-batch.ts';
import { writesOf } from '../../db/write-generation.ts';

export type NewUser = typeof appUser.$inferInsert;

export async function findUserById(x: Executor, id: number): Promise<AppUserRow | null> {
  const rows = await x.select().from(appUser).where(eq(appUser.id, id));
  return rows[0] ?? null;
}

/**
 * A read of one player's row with more json columns about the same player (other modules'
 * expressions, given the user id as SQL): one round trip, its statement built and named once at
 * start-up (a prepared statement on each PostgreSQL connection), so a call only binds the ids. The
 * reads arriving together share one statement (`where id = any($1)`, decision 054): the extras are
 * evaluated per row, against `app_user.id`. On PGlite the rows read are kept while nothing is written
 * (decision 059): the extras must read the database only, never the time. Callers must not change a row.
 */
export function prepareUserRead<E extends Record<string, SQL>>(db: Db, name: string, extras: (userId: SQL) => E) {
  const select = db
    .select({ user: appUser, ...extras(sql`${appUser.id}`) })
    .from(appUser)
    .where(sql`${appUser.id} = any(${sql.placeholder('ids')}::bigint[])`);
  const query = select.prepare(name);
  type Row = Awaited<ReturnType<typeof query.execute>>[number];
  // On PGlite the rows are kept while nothing is written (decision 059): the statement reads the
  // database only (no time), and the callers derive what depends on the time (regPeriod) per call.
  const writes = writesOf(db);
  writes?.viewRead(select.toSQL().sql);
  const batcher = new ReadBatcher<Row>({
    name: `read_${name}`,
    lanes: readLanes(db),
    keepWhile: writes,
    read: async (ids) => new Map((await query.execute({ ids: idArray(ids) })).map((row) => [(row as unknown as { user: AppUserRow }).user.id, row])),
  });
  return (userId: number) => batcher.get(userId);
}

/** Account names compare case-insensitively (the unique index is on lower(account)). */
export async function findUserByAccount(x: Executor, account: string): Promise<AppUserRow | null> {
  const rows = await x.select().from(appUser).where(sql`lower(${appUser.account}) = lower(${account})`);
  return rows[0] ?? null;
}

export async function findUserByMobile(x: Executor, mobile: string): Promise<AppUserRow | null> {
  const rows = await x.select().from(appUser).where(eq(appUser.mobile, mobile));
  return rows[0] ?? null;
}

export async function findUserIdByInviteCode(x: Executor, code: string): Promise<number | null> {
  const rows = await x.select({ id: appUser.id }).from(appUser).where(eq(appUser.inviteCode, code.toUpperCase()));
  return rows[0]?.id ?? null;
}

export async function insertUser(x: Executor, values: NewUser): Promise<AppUserRow> {
  const rows = await x.insert(appUser).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error('insert into app_user returned no row');
  return row;
}

export async function updateUser(
  x: Executor,
  id: number,
  patch: Partial<Pick<NewUser, 'passwordHash' | 'mobile' | 'nickname' | 'avatar' | 'updatedAt'>>,
): Promise<AppUserRow> {
  const rows = await x.update(appUser).set(patch).where(eq(appUser.id, id)).returning();
  const row = rows[0];
  if (!row) throw new Error(`app_user ${id} vanished during update`);
  return row;
}
