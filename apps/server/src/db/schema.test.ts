import { sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../test/create-test-app.ts';
import * as schema from './schema.ts';

/**
 * Tables the server's Drizzle schema leaves out on purpose: the migrator's own bookkeeping (raw SQL
 * in migrate.ts), and the Originals' tables, which belong to apps/originals (its repo.ts reads them
 * through the database the host passes in); typed here, server code could reach past the provider
 * wallet protocol into them.
 */
const NOT_IN_SCHEMA = new Set(['schema_migrations', 'schema_functions', 'originals_session', 'originals_seed_pair', 'originals_round']);

type Column = { table: string; column: string; type: string; nullable: boolean };

const key = (c: Column) => `${c.table}.${c.column}`;
const describeColumn = (c: Column) => `${key(c)} ${c.type}${c.nullable ? '' : ' not null'}`;

/** Drizzle spells some types differently from information_schema; both are brought to one name. */
function normalizeType(type: string): string {
  const t = type.toLowerCase().replace(/\s+/g, ' ').trim();
  if (t.endsWith('[]')) return `${normalizeType(t.slice(0, -2))}[]`;
  if (t === 'timestamptz' || t.startsWith('timestamp with time zone')) return 'timestamptz';
  if (t.startsWith('timestamp')) return 'timestamp';
  if (t.startsWith('numeric')) return 'numeric';
  if (t === 'character varying' || t.startsWith('varchar')) return 'varchar';
  if (t === 'int8' || t === 'bigserial') return 'bigint';
  if (t === 'int4' || t === 'serial') return 'integer';
  if (t === 'int2') return 'smallint';
  if (t === 'bool') return 'boolean';
  return t;
}

function drizzleColumns(): Column[] {
  return (Object.values(schema) as unknown[])
    .filter((v): v is PgTable => v instanceof PgTable)
    .flatMap((table) => {
      const config = getTableConfig(table);
      return config.columns.map((c) => ({ table: config.name, column: c.name, type: normalizeType(c.getSQLType()), nullable: !c.notNull }));
    });
}

describeDb('the Drizzle schema matches the migrated database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('has every table and column the migrations create, with the same type and nullability, and nothing else', async () => {
    const result = (await t.database.db.execute(sql`
      SELECT c.table_name AS "table", c.column_name AS "column", c.is_nullable = 'YES' AS nullable,
             CASE WHEN c.data_type = 'ARRAY' THEN substr(c.udt_name, 2) || '[]' ELSE c.data_type END AS type
        FROM information_schema.columns c JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
       WHERE c.table_schema = 'public' AND tb.table_type = 'BASE TABLE'
       ORDER BY 1, 2`)) as unknown as { rows: Column[] };
    const database = result.rows.filter((c) => !NOT_IN_SCHEMA.has(c.table)).map((c) => ({ ...c, type: normalizeType(c.type) }));
    const drizzle = drizzleColumns();

    const inDrizzle = new Map(drizzle.map((c) => [key(c), c]));
    const inDatabase = new Map(database.map((c) => [key(c), c]));
    const missing = database.filter((c) => !inDrizzle.has(key(c))).map(describeColumn);
    const extra = drizzle.filter((c) => !inDatabase.has(key(c))).map(describeColumn);
    const differing = database
      .filter((c) => inDrizzle.has(key(c)) && describeColumn(c) !== describeColumn(inDrizzle.get(key(c))!))
      .map((c) => `${describeColumn(c)} (database) vs ${describeColumn(inDrizzle.get(key(c))!)} (schema.ts)`);
    expect({ missing, extra, differing }).toEqual({ missing: [], extra: [], differing: [] });
    expect(database.length).toBeGreaterThan(100);
  });
});
