import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { withTx } from './tx.ts';
import { writesOf, type WriteGeneration } from './write-generation.ts';

/** PGlite's write generation (decision 059): every statement moves it but a view read's own. */
describe('PGlite write generation', () => {
  let database: Database;
  let writes: WriteGeneration;
  let client: PGlite;
  const VIEW = 'select n from kept where id = any($1::int[])';
  const moves = async (fn: () => Promise<unknown>) => {
    const before = writes.current;
    await fn();
    return writes.current - before;
  };

  beforeAll(async () => {
    database = await openDatabase({ memory: true });
    writes = database.writes!;
    client = (database.db as unknown as { $client: PGlite }).$client;
    await client.exec('create table kept (id int primary key, n int not null); insert into kept values (1, 10), (2, 20)');
    writes.viewRead(VIEW);
  });
  afterAll(async () => database?.close());

  it('is the database’s own, found from its Drizzle handle; PostgreSQL has none', () => {
    expect(writesOf(database.db)).toBe(writes);
    expect(writesOf({})).toBeNull();
  });

  it('moves for every statement, transaction and direct protocol call, reads included', async () => {
    expect(await moves(() => client.query('update kept set n = n + 1 where id = 1'))).toBeGreaterThan(0);
    expect(await moves(() => client.query('select n from kept'))).toBeGreaterThan(0);
    expect(await moves(() => client.exec('select 1'))).toBeGreaterThan(0);
    expect(await moves(() => database.db.execute(sql`update kept set n = n + 1 where id = 2`))).toBeGreaterThan(0);
    expect(await moves(() => withTx(database.db, (tx) => tx.execute(sql`update kept set n = n - 1 where id = 2`)))).toBeGreaterThan(0);
    expect(await moves(() => client.execProtocol(new Uint8Array([0x53, 0, 0, 0, 4])))).toBeGreaterThan(0);
  });

  it('stays for a view read, but moves for the same text inside a transaction', async () => {
    expect(await moves(() => client.query(VIEW, ['{1,2}']))).toBe(0);
    expect((await client.query<{ n: number }>(VIEW, ['{1}'])).rows).toEqual([{ n: 11 }]);
    expect(await moves(() => client.transaction((tx) => tx.query(VIEW, ['{1}'])))).toBeGreaterThan(0);
  });

  it('a write queued behind a view read moves it before the read answers or after, never unseen', async () => {
    const before = writes.current;
    const [read] = await Promise.all([client.query<{ n: number }>(VIEW, ['{1}']), client.query('update kept set n = 100 where id = 1')]);
    // Whichever ran first, the generation moved: a view read kept at `before` is no longer current.
    expect(writes.current).not.toBe(before);
    expect([11, 100]).toContain(read.rows[0]!.n);
  });
});
