import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from './create-test-app.ts';
import { statementsOf } from './statements.ts';

describeDb('statementsOf counts what the call sent, never a timer of the app firing meanwhile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ eventConsumers: false });
  });
  afterAll(async () => t?.close());

  it('a background poll running throughout is left out; the call’s own statements, however deep, are in', async () => {
    let polls = 0;
    const poll = setInterval(() => void t.database.db.execute(sql`select 'background'`).then(() => polls++), 1);
    try {
      const sent = await statementsOf(t.database, async () => {
        await t.database.db.execute(sql`select 'first'`);
        // Started by the call, finished later: a timer of its own still counts.
        await new Promise<void>((resolve) => setTimeout(() => void t.database.db.execute(sql`select 'second'`).then(() => resolve()), 5));
        // Long enough for the background poll to send several statements meanwhile.
        const before = polls;
        while (polls < before + 3) await new Promise((r) => setTimeout(r, 2));
      });
      expect(sent).toEqual(["select 'first'", "select 'second'"]);
    } finally {
      clearInterval(poll);
    }
  });
});
