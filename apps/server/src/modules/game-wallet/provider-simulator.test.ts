import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/create-test-app.ts';
import { withTx } from '../../db/tx.ts';
import { addTurnover, getBalances, houseBalance } from '../ledger/ledger.service.ts';
import { checkLedger, newUserId } from '../ledger/ledger-test-helpers.ts';
import { ensureCatalogue, fund, providerClient, type TestCatalogue } from './game-wallet-test-kit.ts';
import { WalletModel, type Expected, type ModelRound } from './provider-simulator-model.ts';

/**
 * The provider simulator: plays as an outside aggregator over signed HTTP. Many players play at
 * once, each one call after another (so its own model can say what every answer must be), with
 * copies of calls sent at once, retries of old calls, rollbacks sent before their bets, wins for
 * rounds never bet in, reused transaction ids, shared round ids (a crash round has many
 * players) and sessions left behind. Every answer is compared with the model as it comes; at the
 * end every balance, round, turnover counter, event count and the ledger itself.
 */

const PLAYERS = Number(process.env.SIM_PLAYERS ?? 24);
const STEPS = Number(process.env.SIM_STEPS ?? 160);
const SEED = Number(process.env.SIM_SEED ?? 20_261_121);
const WORKERS = 8;
const SECRET = 'simulator-aggregator-secret-0123';
const TURNOVER = 10_000_000;

/** mulberry32: a small seeded PRNG, so a failing run can be replayed with SIM_SEED. */
function rngOf(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: T[]): T | undefined => (xs.length === 0 ? undefined : xs[Math.floor(next() * xs.length)]),
  };
}

interface Sent {
  action: 'bet' | 'win' | 'rollback' | 'endRound';
  body: Record<string, unknown>;
}

describeDb('provider simulator', () => {
  let t: TestApp;
  let cat: TestCatalogue;
  let agg: ReturnType<typeof providerClient>;
  const model = new WalletModel();
  let calls = 0;
  /** How often each answer was expected, so a run shows which paths it exercised. */
  const tally = new Map<string, number>();

  beforeAll(async () => {
    t = await createTestApp();
    cat = await ensureCatalogue(t.database.db, { platformCode: 'sim-agg', secret: SECRET });
    // A low cap, so random wins (up to twice a round's stake each, late ones too) run into it (decision 017).
    model.winCapRatio = 3;
    await t.database.db.execute(sql`update game_platform set win_cap_ratio = ${model.winCapRatio} where id = ${cat.platformId}`);
    agg = providerClient(t, cat, SECRET);
  });
  afterAll(async () => t?.close());

  /** One player's session of play: STEPS random steps, each checked against the model. */
  async function play(index: number): Promise<void> {
    const rng = rngOf(SEED * 1_000 + index);
    const user = await newUserId(t.database.db);
    const funds = rng.int(400) * 100;
    if (funds > 0) await fund(t.database.db, user, funds);
    await withTx(t.database.db, (x) => addTurnover(x, user, TURNOVER / 10, 10));
    model.addPlayer(user, funds);

    let game = rng.pick(cat.games)!;
    let token = await agg.session(user, 'real', game);
    // A session plays one game: its bets name that game.
    const gameOf = new Map<string, string>([[token, game.code]]);
    const oldTokens: string[] = [];
    const myRounds: string[] = [];
    const betsOf = new Map<string, string[]>();
    const history: (Sent & { token: string })[] = [];
    const lateBets: Sent[] = [];
    let seq = 0;
    const newId = (kind: string) => `p${index}-${kind}${++seq}`;

    const check = (label: string, answer: { status: number; body: Record<string, unknown> }, expected: Expected) => {
      const where = `seed ${SEED}, player ${index}, ${label}`;
      expect(answer.status, `${where}: HTTP ${JSON.stringify(answer.body)}`).toBe(200);
      if (expected.status === 'OK') {
        expect(answer.body, where).toMatchObject({ status: 'OK', balance: expected.balance });
      } else {
        expect(answer.body, where).toMatchObject(expected.balance === undefined ? { status: 'ERROR', error: expected.error } : expected);
      }
    };

    /** Sends a call (sometimes 2-3 copies at once), then asks the model what it had to answer. */
    const send = async (s: Sent, useToken: string, predict: () => Expected, copies = rng.next() < 0.15 ? 2 + rng.int(2) : 1) => {
      const body = { sessionToken: useToken, ...s.body };
      const answers = await Promise.all(Array.from({ length: copies }, () => agg.call(s.action, body)));
      calls += copies;
      const expected = predict();
      const outcome = `${s.action}:${expected.status === 'OK' ? 'OK' : expected.error}`;
      tally.set(outcome, (tally.get(outcome) ?? 0) + 1);
      for (const a of answers) check(`${s.action} ${JSON.stringify(s.body)} x${copies}`, a, expected);
      history.push({ ...s, token: useToken });
    };

    const openRounds = () => myRounds.filter((r) => model.rounds.get(`${user}:${r}`)?.status === 'open');
    const chooseRound = (): string => {
      const roll = rng.next();
      const open = openRounds();
      if (roll < 0.45 && open.length > 0) return rng.pick(open)!;
      // Shared ids, as in a crash round every player bets in.
      const id = roll < 0.6 ? `crash-${rng.int(12)}` : newId('r');
      if (!myRounds.includes(id)) myRounds.push(id);
      return id;
    };
    const bet = async (roundId: string, id = newId('t'), useToken = token, amount = 1 + rng.int(3_000)) => {
      const open = useToken === token;
      await send({ action: 'bet', body: { transactionId: id, roundId, gameCode: gameOf.get(useToken), amount } }, useToken, () => model.bet(user, id, roundId, amount, open));
      const list = betsOf.get(roundId) ?? [];
      list.push(id);
      betsOf.set(roundId, list);
    };
    const win = async (useToken = token) => {
      const roundId = rng.next() < 0.06 ? newId('unknown') : (rng.pick(openRounds()) ?? rng.pick(myRounds) ?? newId('unknown'));
      const round = model.rounds.get(`${user}:${roundId}`);
      const amount = rng.next() < 0.4 ? 0 : rng.int(2 * (round?.betTotal ?? 1_000) + 1);
      const betId = rng.next() < 0.3 ? (rng.pick(betsOf.get(roundId) ?? []) ?? null) : null;
      const endsRound = rng.next() < 0.6;
      const id = newId('t');
      const body: Record<string, unknown> = { transactionId: id, roundId, amount, ...(betId ? { betTransactionId: betId } : {}), ...(endsRound ? { endRound: true } : {}) };
      await send({ action: 'win', body }, useToken, () => model.win(user, id, roundId, amount, betId, endsRound));
    };

    for (let step = 0; step < STEPS; step++) {
      const roll = rng.next();
      if (roll < 0.3) {
        await bet(chooseRound());
      } else if (roll < 0.5) {
        await win();
      } else if (roll < 0.57) {
        const roundId = rng.next() < 0.1 ? newId('unknown') : (rng.pick(myRounds) ?? newId('unknown'));
        await send({ action: 'endRound', body: { roundId } }, token, () => model.endRound(user, roundId));
      } else if (roll < 0.64) {
        // Roll back one of our bets (live, already rolled back, or in a round that paid).
        const roundId = rng.pick([...betsOf.keys()]);
        const target = roundId ? rng.pick(betsOf.get(roundId)!) : undefined;
        if (!roundId || !target) continue;
        const id = newId('t');
        await send({ action: 'rollback', body: { transactionId: id, roundId, rollbackTransactionId: target } }, token, () => model.rollback(user, id, roundId, target));
      } else if (roll < 0.7) {
        // The provider timed out on a bet and rolled it back; the bet itself arrives later.
        const roundId = chooseRound();
        const betId = newId('t');
        const id = newId('t');
        await send({ action: 'rollback', body: { transactionId: id, roundId, rollbackTransactionId: betId } }, token, () => model.rollback(user, id, roundId, betId));
        lateBets.push({ action: 'bet', body: { transactionId: betId, roundId, amount: 1 + rng.int(3_000) } });
      } else if (roll < 0.76) {
        const late = lateBets.shift();
        if (late) {
          const { transactionId, roundId, amount } = late.body as { transactionId: string; roundId: string; amount: number };
          await bet(roundId, transactionId, token, amount);
        } else {
          await bet(chooseRound());
        }
      } else if (roll < 0.84) {
        // A retry of an earlier call, exactly as sent then.
        const old = rng.pick(history);
        if (!old) continue;
        const b = old.body as { transactionId: string; roundId: string; amount: number; betTransactionId?: string; endRound?: boolean; rollbackTransactionId: string };
        const open = old.token === token;
        const predict = (): Expected => {
          switch (old.action) {
            case 'bet':
              return model.bet(user, b.transactionId, b.roundId, b.amount, open);
            case 'win':
              return model.win(user, b.transactionId, b.roundId, b.amount, b.betTransactionId ?? null, b.endRound === true);
            case 'rollback':
              return model.rollback(user, b.transactionId, b.roundId, b.rollbackTransactionId);
            case 'endRound':
              return model.endRound(user, b.roundId);
          }
        };
        await send(old, old.token, predict);
      } else if (roll < 0.88) {
        // A transaction id already used (by anyone) with other details.
        const id = rng.pick(model.recordedIds());
        if (!id) continue;
        const roundId = chooseRound();
        const amount = 1 + rng.int(3_000);
        await send({ action: 'bet', body: { transactionId: id, roundId, gameCode: game.code, amount } }, token, () => model.bet(user, id, roundId, amount, true));
      } else if (roll < 0.91) {
        const answer = await agg.call('balance', { sessionToken: token });
        calls++;
        check('balance', answer, model.balance(user, true));
      } else if (roll < 0.94) {
        // The player leaves (exitGame) and opens another game: the old session is closed.
        await agg.sessions.close(user);
        oldTokens.push(token);
        game = rng.pick(cat.games)!;
        token = await agg.session(user, 'real', game);
        gameOf.set(token, game.code);
        calls++;
      } else if (roll < 0.97) {
        const old = rng.pick(oldTokens);
        if (old) await bet(chooseRound(), newId('t'), old);
      } else {
        // Wins on a closed session are still paid.
        await win(rng.pick(oldTokens) ?? token);
      }
    }
  }

  it(`${PLAYERS} players × ${STEPS} steps of random signed calls agree with the model, and the ledger checks out`, { timeout: 120_000 }, async () => {
    const started = Date.now();
    let nextPlayer = 0;
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (nextPlayer < PLAYERS) await play(nextPlayer++);
      }),
    );
    const elapsed = Date.now() - started;
    const outcomes = [...tally.entries()].sort().map(([k, v]) => `${k} ${v}`).join(', ');
    console.info(`provider simulator (${TEST_DB}): ${calls} calls in ${elapsed} ms, seed ${SEED}\n  ${outcomes}`);
    expect(calls).toBeGreaterThan(PLAYERS * STEPS * 0.8);
    // The run went down every path it is meant to test.
    for (const outcome of [
      'bet:OK', 'bet:INSUFFICIENT_FUNDS', 'bet:TRANSACTION_ROLLED_BACK', 'bet:ROUND_CLOSED', 'bet:SESSION_EXPIRED', 'bet:DUPLICATE_TRANSACTION',
      'win:OK', 'win:BAD_REQUEST', 'win:WIN_LIMIT_EXCEEDED', 'rollback:OK', 'rollback:BAD_REQUEST', 'endRound:OK', 'endRound:BAD_REQUEST',
    ]) {
      expect(tally.get(outcome) ?? 0, outcome).toBeGreaterThan(0);
    }

    const db = t.database.db;
    for (const [user, balance] of model.balances) {
      const b = await getBalances(db, user);
      expect(b.coin, `coin of player ${user}`).toBe(balance);
      expect(b.bet, `turnover of player ${user}`).toBe(TURNOVER - (model.settledBets.get(user) ?? 0));
    }
    expect(await houseBalance(db, 'provider:sim-agg')).toBe(model.house);

    const res = (await db.execute(sql`select user_id, provider_round_id, bet_total::int, win_total::int, bet_count, rolled_back_count, status
                                        from game_round where platform_id = ${cat.platformId}`)) as unknown as {
      rows: { user_id: string; provider_round_id: string; bet_total: number; win_total: number; bet_count: number; rolled_back_count: number; status: ModelRound['status'] }[];
    };
    const stored = new Map(res.rows.map((r) => [`${Number(r.user_id)}:${r.provider_round_id}`, r]));
    expect(stored.size).toBe(model.rounds.size);
    for (const [key, m] of model.rounds) {
      const r = stored.get(key);
      expect(r, `round ${key}`).toBeDefined();
      expect({ bet: r!.bet_total, win: r!.win_total, bets: r!.bet_count, rolledBack: r!.rolled_back_count, status: r!.status }, `round ${key}`).toEqual({
        bet: m.betTotal,
        win: m.winTotal,
        bets: m.betCount,
        rolledBack: m.rolledBackCount,
        status: m.status,
      });
    }

    const events = (await db.execute(sql`select type, count(*)::int as n from domain_event where payload->>'platform' = 'sim-agg' group by type`)) as unknown as { rows: { type: string; n: number }[] };
    const count = (type: string) => events.rows.find((e) => e.type === type)?.n ?? 0;
    expect(count('game.bet_placed')).toBe(model.betEvents);
    expect(count('game.round_settled')).toBe(model.settleEvents);

    const report = await checkLedger(db);
    expect(report.ok, JSON.stringify({ accounts: report.accountMismatches, transfers: report.transferMismatches })).toBe(true);
  });
});
