import { openAsBlob } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { migrate } from '../../db/migrate.ts';
import type { Tx } from '../../db/tx.ts';
import { ManualClock, systemClock, type Clock } from '../../lib/clock.ts';
import { createScratchPgDatabase, describeDb, TEST_DB, TEST_OPERATOR_TOKEN, testConfig } from '../../test/create-test-app.ts';
import { TEST_CLOCK_START } from '../../test/test-config.ts';
import { defineConsumer, insertDomainEvent, type EventConsumer } from './domain-events.service.ts';
import { eventOutboxReads } from '../../lib/metrics.ts';
import { createEventRunner } from './event-runner.ts';
import { writesOf } from '../../db/write-generation.ts';
import { statementsOf } from '../../test/statements.ts';

// A consumer's effects, written in its batch's transaction. No key on purpose: an event applied
// twice shows up as two rows.
const EFFECTS = sql`CREATE TABLE IF NOT EXISTS test_event_effect (consumer text NOT NULL, event_id bigint NOT NULL, instance text NOT NULL)`;

interface Opened {
  database: Database;
  /** Another connection to the same database (PostgreSQL only), as a second server would open. */
  openAnother(): Promise<Database>;
  url: string | null;
  close(): Promise<void>;
}

/** A fresh copy of the run's migrated template, like createTestApp's, that more than one app may open. */
async function openTestDatabase(): Promise<Opened> {
  const extra: Database[] = [];
  if (TEST_DB === 'pg') {
    const scratch = await createScratchPgDatabase('playhall_events', inject('pgTemplate') ?? undefined);
    const database = await openDatabase({ url: scratch.url });
    await migrate(database);
    await database.db.execute(EFFECTS);
    return {
      database,
      url: scratch.url,
      async openAnother() {
        const d = await openDatabase({ url: scratch.url });
        extra.push(d);
        return d;
      },
      async close() {
        for (const d of [database, ...extra]) await d.close();
        await scratch.drop();
      },
    };
  }
  const template = inject('pgliteTemplate');
  const database = await openDatabase(template ? { memory: true, loadDataDir: await openAsBlob(template) } : { memory: true });
  await migrate(database);
  await database.db.execute(EFFECTS);
  return {
    database,
    url: null,
    openAnother: () => Promise.reject(new Error('PGlite has one process')),
    close: () => database.close(),
  };
}

/** The test consumer: records each event it applies, and fails while `failing` says so. */
function recorder(name: string, instance: string, opts: { batchSize?: number; failing?: (batch: number) => boolean; onBatch?: () => Promise<void> } = {}) {
  let batches = 0;
  return defineConsumer({
    name,
    events: ['withdrawal.requested', 'deposit.credited'],
    batchSize: opts.batchSize ?? 3,
    async handle(tx: Tx, events) {
      batches++;
      await opts.onBatch?.();
      for (const e of events) {
        // The payload arrives checked and typed by the catalogue.
        expect(e.payload.userId).toBeGreaterThan(0);
        await tx.execute(sql`INSERT INTO test_event_effect (consumer, event_id, instance) VALUES (${name}, ${e.id}, ${instance})`);
      }
      if (opts.failing?.(batches)) throw new Error(`handler failed on batch ${batches}`);
    },
  });
}

async function produce(db: Database['db'], n: number, at: Date = new Date(TEST_CLOCK_START)): Promise<void> {
  for (let i = 0; i < n; i++) {
    await insertDomainEvent(db, 'withdrawal.requested', { orderId: `WD${i}`, userId: 1 + (i % 5), amount: 100 * (i + 1), channel: 'pix' }, at);
  }
}

/**
 * Waits until every event written so far (or up to `txid`) is below the visibility horizon. On a
 * shared PostgreSQL server the horizon is the whole cluster's: another database's open transaction
 * holds it back a while (decision 022), so a test waits for it instead of assuming it.
 */
async function belowHorizon(db: Database['db'], txid?: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = (await db.execute(sql`
      SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint > coalesce(${txid ?? null}::bigint, (SELECT max(txid) FROM domain_event), 0) AS ok`)) as unknown as {
      rows: { ok: boolean }[];
    };
    if (res.rows[0]?.ok) return;
    if (Date.now() > deadline) throw new Error('the visibility horizon did not pass the events in 20 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function txidOf(db: Database['db'], id: number): Promise<number> {
  const res = (await db.execute(sql`SELECT txid::text AS t FROM domain_event WHERE id = ${id}`)) as unknown as { rows: { t: string }[] };
  return Number(res.rows[0]?.t);
}

async function allEventIds(db: Database['db'], types = ['withdrawal.requested', 'deposit.credited']): Promise<number[]> {
  const res = (await db.execute(sql`SELECT id::int AS id FROM domain_event WHERE type = ANY (${`{${types.join(',')}}`}::text[]) ORDER BY id`)) as unknown as { rows: { id: number }[] };
  return res.rows.map((r) => r.id);
}

async function applied(db: Database['db'], consumer: string): Promise<number[]> {
  const res = (await db.execute(sql`SELECT event_id::int AS id FROM test_event_effect WHERE consumer = ${consumer} ORDER BY event_id`)) as unknown as { rows: { id: number }[] };
  return res.rows.map((r) => r.id);
}

async function cursorOf(db: Database['db'], name: string) {
  const res = (await db.execute(sql`SELECT last_id::int AS "lastId", applied::int AS applied, failures FROM event_consumer WHERE name = ${name}`)) as unknown as {
    rows: { lastId: number; applied: number; failures: number }[];
  };
  return res.rows[0];
}

async function appWith(database: Database, consumers: EventConsumer[], clock: Clock): Promise<FastifyInstance> {
  const app = await buildApp({ database, config: testConfig(), clock, eventConsumers: consumers });
  await app.ready();
  return app;
}

async function lagReport(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/operator/v1/events/consumers', headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: { consumers: { name: string; behind: number; oldestAgeMs: number; applied: number; failures: number; lastError: string | null }[] } }).data.consumers;
}

const silent = { warn: () => undefined, error: () => undefined } as never;

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});
async function setup(): Promise<Opened> {
  const o = await openTestDatabase();
  cleanups.push(() => o.close());
  return o;
}

describeDb('event runner', () => {
  it('applies each event of its types once, in order, and reports its lag to operators', async () => {
    const { database } = await setup();
    const db = database.db;
    const clock = new ManualClock(TEST_CLOCK_START);
    const consumer = recorder('lag-test', 'a');
    // A manual clock starts no loop: the test drives the batches, the app reports the lag.
    const app = await appWith(database, [consumer], clock);
    cleanups.push(() => app.close());
    const runner = createEventRunner({ db, clock, log: silent, consumers: [consumer] });

    await produce(db, 4, new Date(TEST_CLOCK_START - 90_000));
    // Another type between them: not this consumer's, so neither read nor checked.
    await db.execute(sql`INSERT INTO domain_event (type, payload, created_at) VALUES ('game.bet_placed', '{}'::jsonb, now())`);
    await produce(db, 3, new Date(TEST_CLOCK_START - 30_000));
    await belowHorizon(db);
    const ids = await allEventIds(db);
    expect(ids).toHaveLength(7);

    expect(await runner.runBatch('lag-test')).toEqual({ status: 'applied', applied: 3, more: true });
    expect((await lagReport(app))[0]).toMatchObject({ name: 'lag-test', behind: 4, oldestAgeMs: 90_000, applied: 3, failures: 0 });
    await runner.drain('lag-test');
    expect(await applied(db, 'lag-test')).toEqual(ids);
    expect((await lagReport(app))[0]).toMatchObject({ behind: 0, oldestAgeMs: 0, applied: 7, failures: 0, lastError: null });
    // Nothing new: another run applies nothing.
    expect(await runner.drain('lag-test')).toEqual({ status: 'applied', applied: 0, more: false });
    expect(await applied(db, 'lag-test')).toEqual(ids);
  });

  it('reports how far behind a consumer is and since when', async () => {
    const { database } = await setup();
    const clock = new ManualClock(TEST_CLOCK_START);
    const app = await appWith(database, [recorder('behind-test', 'a')], clock);
    cleanups.push(() => app.close());
    await produce(database.db, 4, new Date(TEST_CLOCK_START - 90_000));
    await insertDomainEvent(database.db, 'deposit.credited', {
      orderId: 'DP1', userId: 3, amount: 500, typeId: 1, channel: 'pix', isFirstDeposit: true, isLate: false, paidAt: new Date(TEST_CLOCK_START).toISOString(),
    }, new Date(TEST_CLOCK_START - 10_000));
    const [lag] = await lagReport(app);
    expect(lag).toMatchObject({ name: 'behind-test', behind: 5, oldestAgeMs: 90_000, applied: 0 });
  });

  it('a crash mid-way leaves the cursor and the effects agreeing; a restarted runner applies the rest once', async () => {
    const { database } = await setup();
    const db = database.db;
    const clock = new ManualClock(TEST_CLOCK_START);
    await produce(db, 10);
    await belowHorizon(db);
    const ids = await allEventIds(db);
    // The handler fails in its third batch, after writing that batch's effects.
    const crashing = createEventRunner({ db, clock, log: silent, consumers: [recorder('crash-test', 'a', { failing: (b) => b === 3 })] });
    const r = await crashing.drain('crash-test');
    expect(r).toMatchObject({ status: 'failed', error: 'handler failed on batch 3', failures: 1 });
    expect(await applied(db, 'crash-test')).toEqual(ids.slice(0, 6));
    expect(await cursorOf(db, 'crash-test')).toMatchObject({ lastId: ids[5], applied: 6, failures: 1 });

    // A new process (a new runner) after the retry time: it resumes from the cursor.
    clock.advance(60_000);
    const restarted = createEventRunner({ db, clock, log: silent, consumers: [recorder('crash-test', 'b')] });
    await restarted.drain('crash-test');
    expect(await applied(db, 'crash-test')).toEqual(ids);
    expect(await cursorOf(db, 'crash-test')).toMatchObject({ applied: 10, failures: 0 });
  });

  it('reads in txid windows without losing or repeating an event, however small the window', async () => {
    const { database } = await setup();
    const db = database.db;
    const clock = new ManualClock(TEST_CLOCK_START);
    // Events one transaction each, with stretches of transactions that write no event between.
    for (let i = 0; i < 12; i++) {
      await produce(db, 1 + (i % 3));
      for (let k = 0; k < i % 4; k++) await db.transaction(async (tx) => void (await tx.execute(sql`SELECT pg_current_xact_id()`)));
    }
    await belowHorizon(db);
    const runner = createEventRunner({ db, clock, log: silent, consumers: [recorder('window-test', 'a', { batchSize: 2 })], minTxidWindow: 1 });
    let batches = 0;
    for (let r = await runner.runBatch('window-test'); r.status === 'applied' && (r.applied > 0 || r.more); r = await runner.runBatch('window-test')) batches++;
    expect(batches).toBeGreaterThanOrEqual(12);
    expect(await applied(db, 'window-test')).toEqual(await allEventIds(db));
  });

  it('a handler that applies only the first events of a batch gets the rest first in the next, each once', async () => {
    const { database } = await setup();
    const db = database.db;
    const clock = new ManualClock(TEST_CLOCK_START);
    await produce(db, 7);
    await belowHorizon(db);
    const seen: number[][] = [];
    const partial = defineConsumer({
      name: 'partial-test',
      events: ['withdrawal.requested'],
      batchSize: 5,
      async handle(tx: Tx, events) {
        seen.push(events.map((e) => e.id));
        // Applies two at most (and says so); the runner moves the cursor past those alone.
        for (const e of events.slice(0, 2)) await tx.execute(sql`INSERT INTO test_event_effect (consumer, event_id, instance) VALUES ('partial-test', ${e.id}, 'a')`);
        return Math.min(2, events.length);
      },
    });
    const runner = createEventRunner({ db, clock, log: silent, consumers: [partial] });
    const first = await runner.runBatch('partial-test');
    expect(first).toMatchObject({ status: 'applied', applied: 2, more: true });
    await runner.drain('partial-test');
    const ids = await allEventIds(db, ['withdrawal.requested']);
    expect(await applied(db, 'partial-test')).toEqual(ids);
    // Each batch starts where the last one's applied events ended.
    expect(seen.map((b) => b[0])).toEqual([ids[0], ids[2], ids[4], ids[6]]);
    expect(await cursorOf(db, 'partial-test')).toMatchObject({ applied: 7, failures: 0 });
  });

  it('an idle consumer sends no transaction a pass (PGlite keeps its views); others\u2019 events move its cursor once they pass idleTxids', async () => {
    const { database } = await setup();
    const db = database.db;
    const clock = new ManualClock(TEST_CLOCK_START);
    const seen: number[] = [];
    const withdrawals = defineConsumer({ name: 'idle.w', events: ['withdrawal.requested'], batchSize: 10, handle: async (_tx: Tx, batch) => void seen.push(...batch.map((e) => e.id)) });
    const runner = createEventRunner({ db, clock, log: silent, consumers: [withdrawals], idleTxids: 50 });
    const cursorTxid = async () => Number(((await db.execute(sql`SELECT last_txid::text AS t FROM event_consumer WHERE name = 'idle.w'`)) as unknown as { rows: { t: string }[] }).rows[0]?.t);
    const transactions = (sent: string[]) => sent.filter((s) => /^(begin|update|insert)/i.test(s));
    const deposits = async (n: number) => {
      for (let i = 0; i < n; i++) {
        await insertDomainEvent(db, 'deposit.credited', {
          orderId: `IDLE${i}`, userId: 2, amount: 500, typeId: 1, channel: 'pix', isFirstDeposit: false, isLate: false, paidAt: new Date(TEST_CLOCK_START).toISOString(),
        }, new Date(TEST_CLOCK_START));
      }
      await belowHorizon(db);
    };
    await produce(db, 2);
    await belowHorizon(db);
    await runner.drainAll();
    expect(seen).toHaveLength(2);

    // Nothing new: the pass reads outside any transaction and writes nothing.
    const generation = writesOf(db)?.current;
    let sent = await statementsOf(database, () => runner.drainAll());
    expect(sent.length, 'the pass looks').toBeGreaterThan(0);
    expect(transactions(sent), sent.join('\n')).toEqual([]);
    if (generation !== undefined) expect(writesOf(db)!.current, 'PGlite\u2019s write generation').toBe(generation);

    // A few events of another type: still idle, the cursor where it was.
    const before = await cursorTxid();
    await deposits(3);
    sent = await statementsOf(database, () => runner.drainAll());
    expect(transactions(sent), sent.join('\n')).toEqual([]);
    expect(await cursorTxid()).toBe(before);

    // Past idleTxids of them: one batch moves the cursor over them, applying nothing.
    await deposits(60);
    sent = await statementsOf(database, () => runner.drainAll());
    expect(transactions(sent).length, sent.join('\n')).toBeGreaterThan(0);
    expect(await cursorTxid()).toBeGreaterThan(before + 60);
    expect(seen).toHaveLength(2);

    // And a new event of its own type is applied at the next pass, once.
    await produce(db, 1);
    await belowHorizon(db);
    await runner.drainAll();
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
  });

  it('consumers of the same events share one read a pass, and each still applies each of its events once, in order', async () => {
    const { database } = await setup();
    const db = database.db;
    const clock = new ManualClock(TEST_CLOCK_START);
    for (let i = 0; i < 5; i++) {
      await produce(db, 4);
      await insertDomainEvent(db, 'deposit.credited', {
        orderId: `DP${i}`, userId: 2, amount: 500, typeId: 1, channel: 'pix', isFirstDeposit: i === 0, isLate: false, paidAt: new Date(TEST_CLOCK_START).toISOString(),
      }, new Date(TEST_CLOCK_START));
    }
    await belowHorizon(db);
    const order = new Map<string, number[]>();
    const tracking = (name: string, events: readonly ('withdrawal.requested' | 'deposit.credited')[], batchSize: number, takes = Infinity) =>
      defineConsumer({
        name,
        events,
        batchSize,
        async handle(tx: Tx, batch) {
          const mine = batch.slice(0, takes);
          order.set(name, [...(order.get(name) ?? []), ...mine.map((e) => e.id)]);
          for (const e of mine) await tx.execute(sql`INSERT INTO test_event_effect (consumer, event_id, instance) VALUES (${name}, ${e.id}, 'a')`);
          return mine.length;
        },
      });
    const readsBy = async (reader: string) => (await eventOutboxReads.get()).values.find((v) => v.labels.reader === reader)?.value ?? 0;

    // Same events and batch size: after the first pass every batch comes from the group's read.
    const same = ['share.a', 'share.b', 'share.c'].map((n) => tracking(n, ['withdrawal.requested', 'deposit.credited'], 4));
    const runner = createEventRunner({ db, clock, log: silent, consumers: same });
    await runner.drainAll();
    const all = await allEventIds(db);
    expect(all).toHaveLength(25);
    for (const c of same) {
      expect(order.get(c.name)).toEqual(all);
      expect(await applied(db, c.name)).toEqual(all);
      expect(await readsBy(c.name)).toBe(0);
    }
    // 25 events in batches of 4: seven passes read, the last finding the horizon.
    expect(await readsBy('share.a+share.b+share.c')).toBeGreaterThanOrEqual(7);
    expect(await readsBy('share.a+share.b+share.c')).toBeLessThan(7 * 3);

    // Overlapping types, other batch sizes, one applying a single event a batch: each still gets
    // all of its events once and in order, whoever read them.
    const mixed = [
      tracking('mix.wide', ['withdrawal.requested', 'deposit.credited'], 6),
      tracking('mix.small', ['withdrawal.requested', 'deposit.credited'], 2),
      tracking('mix.deposits', ['deposit.credited'], 3, 1),
    ];
    await createEventRunner({ db, clock, log: silent, consumers: mixed }).drainAll();
    const deposits = await allEventIds(db, ['deposit.credited']);
    for (const c of mixed) {
      const want = c.name === 'mix.deposits' ? deposits : all;
      expect(order.get(c.name)).toEqual(want);
      expect(await applied(db, c.name)).toEqual(want);
    }
  });

  it('stopping lets the batch in flight commit and starts no other member of its group', async () => {
    const { database } = await setup();
    const db = database.db;
    await produce(db, 3);
    await belowHorizon(db);
    let entered!: () => void;
    const inFlight = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = defineConsumer({
      name: 'stop.first',
      events: ['withdrawal.requested'],
      batchSize: 10,
      async handle(tx: Tx, events) {
        entered();
        await gate;
        for (const e of events) await tx.execute(sql`INSERT INTO test_event_effect (consumer, event_id, instance) VALUES ('stop.first', ${e.id}, 'a')`);
      },
    });
    const runner = createEventRunner({ db, clock: new ManualClock(TEST_CLOCK_START), log: silent, consumers: [slow, recorder('stop.second', 'a', { batchSize: 10 })], pollMs: 20 });
    runner.start();
    await inFlight;
    const stopped = runner.stop();
    release();
    await stopped;
    expect(await applied(db, 'stop.first')).toEqual(await allEventIds(db));
    expect(await applied(db, 'stop.second')).toEqual([]);
  });

  it('retries a failing batch with exponential backoff up to its cap, then carries on', async () => {
    const { database } = await setup();
    const db = database.db;
    const clock = new ManualClock(TEST_CLOCK_START);
    await produce(db, 2);
    await belowHorizon(db);
    let fail = true;
    let calls = 0;
    const consumer = recorder('retry-test', 'a', {
      failing: () => {
        calls++;
        return fail;
      },
    });
    const runner = createEventRunner({ db, clock, log: silent, consumers: [consumer], baseBackoffMs: 1000, maxBackoffMs: 4000 });
    const delays: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await runner.runBatch('retry-test');
      expect(r.status).toBe('failed');
      if (r.status !== 'failed') return;
      delays.push(r.retryAt.getTime() - clock.now().getTime());
      // Before its time the batch is not tried again.
      expect(await runner.runBatch('retry-test')).toMatchObject({ status: 'backoff' });
      clock.advance(r.retryAt.getTime() - clock.now().getTime());
    }
    expect(delays).toEqual([1000, 2000, 4000, 4000, 4000]);
    expect(calls).toBe(5);
    expect(await applied(db, 'retry-test')).toEqual([]);
    const app = await appWith(database, [consumer], clock);
    cleanups.push(() => app.close());
    expect((await lagReport(app))[0]).toMatchObject({ failures: 5, lastError: 'handler failed on batch 5', behind: 2 });

    fail = false;
    expect(await runner.runBatch('retry-test')).toMatchObject({ status: 'applied', applied: 2 });
    expect(await applied(db, 'retry-test')).toEqual(await allEventIds(db));
    expect(await cursorOf(db, 'retry-test')).toMatchObject({ failures: 0 });
  });

  it('stops at an event whose payload the catalogue refuses instead of guessing past it', async () => {
    const { database } = await setup();
    const db = database.db;
    const clock = new ManualClock(TEST_CLOCK_START);
    await db.execute(sql`INSERT INTO domain_event (type, payload, created_at) VALUES ('withdrawal.requested', '{"orderId": "WD1"}'::jsonb, now())`);
    await belowHorizon(db);
    const runner = createEventRunner({ db, clock, log: silent, consumers: [recorder('bad-payload', 'a')] });
    const r = await runner.runBatch('bad-payload');
    expect(r.status).toBe('failed');
    expect(await cursorOf(db, 'bad-payload')).toMatchObject({ lastId: 0, applied: 0, failures: 1 });
  });
});

/** A transaction held open on its own connection, as a slow writer's. */
async function openWriter(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('BEGIN');
  return {
    /** Takes the transaction's id now, before it writes its event (a writer that moved money first). */
    takeXid: () => c.query('SELECT pg_current_xact_id()'),
    async insert(orderId: string): Promise<number> {
      const r = await c.query<{ id: string }>(
        `INSERT INTO domain_event (type, payload, created_at) VALUES ('withdrawal.requested', $1, now()) RETURNING id`,
        [JSON.stringify({ orderId, userId: 1, amount: 100, channel: 'pix' })],
      );
      return Number(r.rows[0]?.id);
    },
    async commit() {
      await c.query('COMMIT');
      await c.end();
    },
  };
}

(TEST_DB === 'pg' ? describeDb : describe.skip)('event runner on PostgreSQL', () => {
  it('applies an event whose transaction took a lower id but committed later, exactly once', async () => {
    const { database, url } = await setup();
    const db = database.db;
    const runner = createEventRunner({ db, clock: systemClock, log: silent, consumers: [recorder('late-test', 'a')] });
    const slow = await openWriter(url!);
    const lowId = await slow.insert('slow');
    const fast = await openWriter(url!);
    const highId = await fast.insert('fast');
    expect(lowId).toBeLessThan(highId);
    await fast.commit();

    await runner.drain('late-test');
    await slow.commit();
    await belowHorizon(db);
    await runner.drain('late-test');
    expect((await applied(db, 'late-test')).sort((a, b) => a - b)).toEqual([lowId, highId]);
  });

  it('applies a late event whose transaction began after one that wrote later and committed first', async () => {
    const { database, url } = await setup();
    const db = database.db;
    const runner = createEventRunner({ db, clock: systemClock, log: silent, consumers: [recorder('late-test-2', 'a')] });
    // The early transaction has its id first (it moved money), but writes its event last.
    const early = await openWriter(url!);
    await early.takeXid();
    const late = await openWriter(url!);
    const lowId = await late.insert('late');
    const highId = await early.insert('early');
    expect(lowId).toBeLessThan(highId);
    await early.commit();

    await belowHorizon(db, await txidOf(db, highId));
    await runner.drain('late-test-2');
    expect(await applied(db, 'late-test-2')).toEqual([highId]);
    await late.commit();
    await belowHorizon(db);
    await runner.drain('late-test-2');
    expect((await applied(db, 'late-test-2')).sort((a, b) => a - b)).toEqual([lowId, highId]);
  });

  it('server instances on one database apply every event exactly once while producers write concurrently', async () => {
    const { database, openAnother, url } = await setup();
    const db = database.db;
    const second = await openAnother();
    const a = await appWith(database, [recorder('two-instances', 'a', { batchSize: 7 })], systemClock);
    const b = await appWith(second, [recorder('two-instances', 'b', { batchSize: 7 })], systemClock);
    cleanups.push(() => a.close(), () => b.close());
    // A third instance polling every few milliseconds, so reads land while transactions are open.
    const c = createEventRunner({ db: (await openAnother()).db, clock: systemClock, log: silent, consumers: [recorder('two-instances', 'c', { batchSize: 5 })], pollMs: 5 });
    c.start();
    cleanups.push(() => c.stop());

    // Eight producers, each holding its transactions open a while (two events each) so ids
    // commit out of order, while the instances' runners read.
    const producer = async (p: number) => {
      for (let i = 0; i < 20; i++) {
        const w = await openWriter(url!);
        await w.insert(`P${p}-${i}-1`);
        await new Promise((r) => setTimeout(r, (p * 7 + i * 13) % 60));
        await w.insert(`P${p}-${i}-2`);
        await w.commit();
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, p) => producer(p)));
    const ids = await allEventIds(db);
    expect(ids).toHaveLength(320);

    const deadline = Date.now() + 20_000;
    while ((await applied(db, 'two-instances')).length < ids.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const done = await applied(db, 'two-instances');
    expect(done).toEqual(ids);
    expect((await lagReport(b))[0]).toMatchObject({ behind: 0, applied: 320, failures: 0 });
  });

  it('runs a consumer on one instance at a time', async () => {
    const { database, openAnother } = await setup();
    const db = database.db;
    await produce(db, 3);
    await belowHorizon(db);
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    let entered = () => {};
    const inHandler = new Promise<void>((r) => (entered = r));
    const one = createEventRunner({ db, clock: systemClock, log: silent, consumers: [recorder('one-at-a-time', 'a', { onBatch: async () => (entered(), held) })] });
    const other = createEventRunner({ db: (await openAnother()).db, clock: systemClock, log: silent, consumers: [recorder('one-at-a-time', 'b')] });
    const running = one.runBatch('one-at-a-time');
    await inHandler;
    expect(await other.runBatch('one-at-a-time')).toEqual({ status: 'busy' });
    release();
    await running;
    await other.drain('one-at-a-time');
    expect(await applied(db, 'one-at-a-time')).toEqual(await allEventIds(db));
  });
});

describe.skipIf(TEST_DB !== 'pglite')('event runner on PGlite', () => {
  it('runs from app ready to close', async () => {
    const { database } = await setup();
    const app = await appWith(database, [recorder('lifecycle', 'a')], systemClock);
    await produce(database.db, 4);
    const deadline = Date.now() + 10_000;
    while ((await applied(database.db, 'lifecycle')).length < 4 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await app.close();
    expect(await applied(database.db, 'lifecycle')).toEqual(await allEventIds(database.db));
  });

  it('with EVENT_CONSUMERS=off runs no consumer but still reports their lag; an instance with them on applies the events', async () => {
    const { database } = await setup();
    const off = await buildApp({ database, config: { ...testConfig(), eventConsumers: false }, clock: systemClock, eventConsumers: [recorder('off-instance', 'a')] });
    await off.ready();
    await produce(database.db, 3);
    // Past the runner's first poll after the events (it polls every second once caught up), had it started.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await applied(database.db, 'off-instance')).toEqual([]);
    expect((await lagReport(off)).find((c) => c.name === 'off-instance')).toMatchObject({ behind: 3, applied: 0 });
    await off.close();

    const on = await appWith(database, [recorder('off-instance', 'b')], systemClock);
    const deadline = Date.now() + 10_000;
    while ((await applied(database.db, 'off-instance')).length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await on.close();
    expect(await applied(database.db, 'off-instance')).toEqual(await allEventIds(database.db));
  });
});
