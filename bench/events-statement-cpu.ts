/**
 * PostgreSQL's CPU per stored event for the client events' insert at a given number of batches per
 * statement (decision 058): one connection, the named statement, the tracker's bodies as they come,
 * each size in turn from empty tables, repeated in alternating order (so the machine's load moves them alike). Backend
 * CPU from /proc (utime + stime). Not part of `npm run bench`.
 *
 *   npx tsx bench/events-statement-cpu.ts      env: BENCH_STMT_SIZES=1,4,8,16,32  BENCH_STMT_EVENTS=100000 (per size and repeat)  BENCH_STMT_REPEATS=3
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { insertEventBatches, type EventBatch } from '../apps/server/src/modules/analytics/analytics.repo.ts';
import { batchBody } from './events-bench.ts';
import { dropDatabases, freshDatabases, median, urlFor } from './pg-tools.ts';

const SIZES = (process.env.BENCH_STMT_SIZES ?? '1,4,8,16,32').split(',').map(Number);
const EVENTS = Number(process.env.BENCH_STMT_EVENTS ?? 100_000);
const REPEATS = Number(process.env.BENCH_STMT_REPEATS ?? 3);
const DB = 'playhall_bench_events_stmt';

await freshDatabases(DB);
const database = await openDatabase({ url: urlFor(DB) });
await migrate(database);
/** CPU ms of every backend of the database (the statements run one at a time, on one of them). */
const cpuMs = async () => {
  const pids = ((await database.db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as unknown as { rows: { pid: number }[] }).rows;
  return pids.reduce((n, { pid }) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return n + (Number(f[11]) + Number(f[12])) * 10;
    } catch {
      return n;
    }
  }, 0);
};
const day = new Date().toISOString().slice(0, 10);
let client = 0;
const batch = (i: number): EventBatch => {
  const bodyText = batchBody(i);
  return { day, clientKey: `ip:10.9.${client >> 8}.${client++ & 255}`, userId: null, events: (JSON.parse(bodyText) as { eventList: EventBatch['events'] }).eventList, bodyText };
};
const results = new Map<number, number[]>(SIZES.map((s) => [s, []]));
try {
  for (let r = 0; r <= REPEATS; r++) {
    for (const size of r % 2 ? [...SIZES].reverse() : SIZES) {
      // Each size starts from the same empty tables.
      await database.db.execute(sql`truncate client_event, client_event_quota`);
      const statements = Math.ceil(EVENTS / 20 / size);
      const groups = Array.from({ length: statements }, (_, s) => Array.from({ length: size }, (_, i) => batch(s * size + i)));
      const c0 = await cpuMs();
      for (const g of groups) await insertEventBatches(database.db, g, 1_000_000_000);
      const us = (((await cpuMs()) - c0) * 1000) / (statements * size * 20);
      // The first pass warms up (plans, caches) and is not counted.
      if (r) results.get(size)!.push(us);
    }
  }
} finally {
  await database.close();
  await dropDatabases(DB);
}
for (const [size, us] of results)
  console.log(`${String(size).padStart(3)} batches/statement: ${median(us).toFixed(2)} µs of backend CPU per event [${us.map((x) => x.toFixed(2)).join(' ')}]`);
