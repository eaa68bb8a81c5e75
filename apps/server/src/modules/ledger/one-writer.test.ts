import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';
import { ensureCatalogue, fund, providerClient } from '../game-wallet/game-wallet-test-kit.ts';

/** A statement that posts: claims a transfer, writes an entry or changes a balance. */
const POSTING = /insert\s+into\s+ledger_(entry|transfer)\b|update\s+ledger_account\b[^;]*\bset\s+balance\b/i;
const SERVER_SRC = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REPO = join(SERVER_SRC, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => /\.(ts|tsx|sql)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.includes('node_modules') && !f.includes('migrations'))
    .map((f) => join(dir, f));
}

/** Issue 12 §2, decision 027: ledger_post is the only code that posts to the ledger. */
describeDb('one ledger writer', () => {
  let t: TestApp;
  const SECRET = 'one-writer-aggregator-secret-0123';

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('in the database, only ledger_post inserts entries or transfers or sets a balance', async () => {
    const res = (await t.database.db.execute(sql`select p.proname as name, p.prosrc as src from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' order by p.proname`)) as unknown as { rows: { name: string; src: string }[] };
    const writers = res.rows.filter((r) => POSTING.test(r.src)).map((r) => r.name);
    expect(writers).toEqual(['ledger_post']);
  });

  it('in the code (server, Originals, scripts), no statement posts to the ledger outside ledger_post', () => {
    const files = [...sourceFiles(SERVER_SRC), ...sourceFiles(join(REPO, 'apps', 'originals', 'src'))];
    const posting = files.filter((f) => POSTING.test(readFileSync(f, 'utf8'))).map((f) => relative(REPO, f));
    expect(posting).toEqual(['apps/server/src/db/functions/ledger/105_ledger_post.sql']);
  });

  it("a game round's money is posted under the provider's transaction id, each entry with what the player did", async () => {
    const cat = await ensureCatalogue(t.database.db, { platformCode: 'one-writer', secret: SECRET });
    const agg = providerClient(t, cat, SECRET);
    const p = await buildPlayer(t.app);
    await fund(t.database.db, p.user.id, 10_000);
    const token = await agg.session(p.user.id, 'real', cat.games[0]!);
    const bet = await agg.call('bet', { sessionToken: token, transactionId: 'ow-bet-1', roundId: 'ow-r1', gameCode: cat.games[0]!.code, amount: 700 });
    const win = await agg.call('win', { sessionToken: token, transactionId: 'ow-win-1', roundId: 'ow-r1', amount: 1_548, endRound: true });
    expect([bet.body.status, win.body.status]).toEqual(['OK', 'OK']);
    const res = (await t.database.db.execute(sql`select t.idempotency_key as key, e.user_id is not null as player, e.amount::text as amount, e.reason, e.balance_after::text as after
        from game_transaction g join ledger_transfer t on t.id = g.ledger_transfer_id join ledger_entry e on e.transfer_id = t.id
       where g.transaction_id in ('ow-bet-1', 'ow-win-1') order by t.id, e.user_id is null`)) as unknown as {
      rows: { key: string; player: boolean; amount: string; reason: string; after: string }[];
    };
    expect(res.rows.map((r) => [r.key, r.player, r.amount, r.reason])).toEqual([
      ['game:one-writer:ow-bet-1', true, '-700', 'game_bet'],
      ['game:one-writer:ow-bet-1', false, '700', 'game'],
      ['game:one-writer:ow-win-1', true, '1548', 'game_win'],
      ['game:one-writer:ow-win-1', false, '-1548', 'game'],
    ]);
    expect(res.rows.filter((r) => r.player).map((r) => r.after)).toEqual(['9300', '10848']);
  });
});
