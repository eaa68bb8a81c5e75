import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { LIVE_PATH, LiveCloseCode, ProviderSignatureHeader, ProviderTimestampHeader, ProviderWalletPrefix } from '@playhall/contract';
import { openDatabase, type Database } from '../../db/client.ts';
import { signHmac } from '../../lib/hmac-signature.ts';
import { createScratchPgDatabase, describeDb, TEST_DB } from '../../test/create-test-app.ts';
import { spawnServer, startServer, waitReady, type ServerProcess } from '../../test/server-process.ts';
import { createGameSessionsService } from '../game-wallet/game-sessions.service.ts';
import { checkLedger, deposit, newUserId } from '../ledger/ledger-test-helpers.ts';
import { openLiveClient } from '../live/live-test-kit.ts';
import * as ledger from '../ledger/ledger.service.ts';

// Graceful shutdown of the real process (the build, as npm start runs it) on PostgreSQL (issue 16 §2): SIGTERM in the middle of game
// rounds loses nothing. Every call the server answered OK is in the game wallet and the ledger, the
// ledger checks clean, and the server starts again on the same database.

const SECRET = 'shutdown-test-originals-secret';
const PLAYERS = 12;
const WORKERS = 24;

type Answer = { status: string; error?: string; sessionToken?: string };

/** One signed call of the originals platform's seamless wallet, as the game server sends it. */
async function wallet(baseUrl: string, action: string, body: object): Promise<Answer> {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  const res = await fetch(`${baseUrl}${ProviderWalletPrefix}/originals/${action}`, {
    method: 'POST',
    body: raw,
    headers: { 'content-type': 'application/json', [ProviderTimestampHeader]: ts, [ProviderSignatureHeader]: signHmac(SECRET, ts, raw) },
  });
  if (res.status !== 200) return { status: `HTTP ${res.status}` };
  return (await res.json()) as Answer;
}

(TEST_DB === 'pg' ? describeDb : describeDb.skip)('graceful shutdown under load (real process, PostgreSQL)', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let url: string;
  const servers: ServerProcess[] = [];
  const env = () => ({ DATABASE_URL: url, SEED_DEMO: 'false', ORIGINALS_PROVIDER_SECRET: SECRET, SANDBOX_PAYMENT_SECRET: 'shutdown-test-sandbox-secret', LOG_LEVEL: 'info' });

  beforeAll(async () => {
    const scratch = await createScratchPgDatabase('playhall_shutdown', inject('pgTemplate') ?? undefined);
    drop = scratch.drop;
    url = scratch.url;
    database = await openDatabase({ url });
  });
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await database?.close();
    await drop?.();
  });

  it('SIGTERM mid-load: every answered call is in the ledger, the ledger checks clean, and it starts again', async () => {
    const db = database.db;
    const first = await startServer(env());
    servers.push(first);

    // Funded players with an open slot session each, opened the way a launch and the game's authenticate do.
    const found = (await db.execute(sql`select g.id from game g join game_platform p on p.id = g.platform_id where p.code = 'originals' and g.code = 'slot'`)) as unknown as { rows: { id: number }[] };
    const gameId = Number(found.rows[0]!.id);
    const sessions = createGameSessionsService({ db, clock: { now: () => new Date() } });
    const tokens: string[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const userId = await newUserId(db);
      await ledger.transfer(db, deposit(`shutdown:fund:${userId}`, userId, 10_000_000));
      const launch = await sessions.createLaunch({ userId, gameId, gameCode: 'slot', platformCode: 'originals', launchUrl: '/originals/play', mode: 'real', lang: 'en-US' });
      const auth = await wallet(first.baseUrl, 'authenticate', { launchToken: new URL(launch.url, 'http://x').searchParams.get('token') });
      expect(auth.status).toBe('OK');
      tokens.push(auth.sessionToken!);
    }

    // Rounds back to back (a bet, then a win that ends the round) until the server stops answering.
    const answered: { transactionId: string; amount: number; at: number }[] = [];
    let refused = 0;
    let signalledAt = Infinity;
    const worker = async (w: number) => {
      for (let i = 0; ; i++) {
        const sessionToken = tokens[(w + i) % tokens.length]!;
        const roundId = randomUUID();
        const legs = [
          { action: 'bet', body: { sessionToken, transactionId: `b-${roundId}`, roundId, gameCode: 'slot', amount: 100 } },
          { action: 'win', body: { sessionToken, transactionId: `w-${roundId}`, roundId, amount: 150, endRound: true } },
        ];
        for (const { action, body } of legs) {
          let answer: Answer;
          try {
            answer = await wallet(first.baseUrl, action, body);
          } catch {
            return; // connection refused or closed: the server is gone
          }
          if (answer.status !== 'OK') {
            refused++; // 503 while closing: not answered OK, so the provider would retry
            if (Date.now() >= signalledAt) return;
            continue;
          }
          answered.push({ transactionId: body.transactionId, amount: body.amount, at: Date.now() });
        }
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    while (answered.length < 200) await new Promise((r) => setTimeout(r, 50));
    signalledAt = Date.now();
    const exitCode = await first.stop('SIGTERM');
    await load;

    const notices = first.output().split('\n').filter((line) => !line.includes('"level":30')).join('\n');
    expect(exitCode, notices).toBe(0);
    expect(first.output()).toContain('shutting down');
    // Calls in flight when the signal came were finished and answered, not dropped.
    expect(answered.filter((a) => a.at >= signalledAt).length).toBeGreaterThan(0);

    // Every call answered OK is in the game wallet, posted to the ledger.
    const ids = answered.map((a) => a.transactionId);
    const rows = (await db.execute(sql`
      select t.transaction_id, t.amount::text as amount, t.status, lt.id as transfer_id
      from game_transaction t left join ledger_transfer lt on lt.id = t.ledger_transfer_id
      where t.transaction_id = any(${`{${ids.join(',')}}`}::text[])`)) as unknown as { rows: { transaction_id: string; amount: string; status: string; transfer_id: string | null }[] };
    const stored = new Map(rows.rows.map((r) => [r.transaction_id, r]));
    const missing = answered.filter((a) => {
      const r = stored.get(a.transactionId);
      return !r || r.status !== 'applied' || r.transfer_id === null || Number(r.amount) !== a.amount;
    });
    expect(missing).toEqual([]);
    const report = await checkLedger(db);
    expect(report.ok, JSON.stringify(report)).toBe(true);

    // It starts again on the same database and plays a round.
    const again = await spawnServer(env());
    servers.push(again);
    await waitReady(again);
    const roundId = randomUUID();
    expect((await wallet(again.baseUrl, 'bet', { sessionToken: tokens[0], transactionId: `b-${roundId}`, roundId, gameCode: 'slot', amount: 100 })).status).toBe('OK');
    // An open live socket (decision 053) neither holds the stop up nor is cut without a word: 1001.
    const screen = await openLiveClient(`${again.baseUrl.replace('http', 'ws')}${LIVE_PATH}`, { topics: ['jackpot'] });
    const stopAt = Date.now();
    expect(await again.stop('SIGTERM')).toBe(0);
    expect(await screen.closed).toEqual({ code: LiveCloseCode.goingAway, reason: 'server shutting down' });
    expect(Date.now() - stopAt).toBeLessThan(5_000);
    console.log(`shutdown under load: ${answered.length} calls answered OK (${answered.filter((a) => a.at >= signalledAt).length} after SIGTERM), ${refused} refused while closing`);
  }, 180_000);
});
