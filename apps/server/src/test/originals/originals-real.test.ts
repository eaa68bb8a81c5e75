import { afterAll, beforeAll, expect, it } from 'vitest';
import { crashMsForMultiplier, crashMultiplierAtMs, minesMultiplierE4, payoutFor } from '@playhall/originals';
import { createTestApp, describeDb, type TestApp } from '../create-test-app.ts';
import type { TestPlayer } from '../factories.ts';
import { api, betRecords, coinOf, expectLedgerOk, fundedPlayer, openGame } from './originals-test-kit.ts';

// A real player plays every Original for money: each round is one signed bet and one win at the
// wallet, so after each the lobby's coin balance equals our model, betRecord lists the round and
// the ledger checks out.
describeDb('originals: real play through the seamless wallet', () => {
  let t: TestApp;
  let p: TestPlayer;
  let model: number;
  beforeAll(async () => {
    t = await createTestApp();
    model = 500_000; // 5,000 coins
    p = await fundedPlayer(t, model);
  });
  afterAll(async () => t?.close());

  async function expectSettled(roundId: string, bet: number, win: number) {
    expect(await coinOf(t, p)).toBe(model);
    const records = await betRecords(t, p);
    const rec = records.find((r) => r.roundId.endsWith(roundId));
    expect(rec, `round ${roundId} in betRecord`).toMatchObject({ bet, win, status: 'settled' });
    await expectLedgerOk(t);
  }

  it('opens a real session from the launch token (once), and a reload resumes it with the game token', async () => {
    const g = await openGame(t, p, 'slot');
    expect(g.session).toMatchObject({ mode: 'real', gameCode: 'slot', balance: model, limits: { minBet: 100, maxBet: 100_000, maxWin: 10_000_000, confirmStakePct: 50 }, openRound: null });
    expect(g.session.fairness).toMatchObject({ nonce: 0, serverSeedHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(g.session.rules).toMatchObject({ game: 'slot', name: 'Fortune Reels' });
    expect(g.session.nickname).toBe(p.account);

    const used = await api(t, 'session', { launchToken: g.launchToken });
    expect(used).toMatchObject({ status: 401, body: { error: 'INVALID_TOKEN' } });
    const reload = await api(t, 'session', {}, g.token);
    expect(reload.status).toBe(200);
    expect(reload.body).toMatchObject({ token: g.token, mode: 'real', balance: model, fairness: g.session.fairness });
  });

  it('spins the slot: one bet and one win at the wallet, nonce moves on', async () => {
    const g = await openGame(t, p, 'slot');
    for (let i = 0; i < 3; i++) {
      const res = await api(t, 'slot/spin', { bet: 200 }, g.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { win, outcome, fairness, balance } = res.body;
      expect(win).toBe(outcome.totalWin);
      model += win - 200;
      expect(balance).toBe(model);
      expect(fairness).toMatchObject({ nonce: i, serverSeedHash: g.session.fairness.serverSeedHash });
      await expectSettled(res.body.roundId, 200, win);
    }
  });

  it('rolls dice', async () => {
    const g = await openGame(t, p, 'dice');
    const res = await api(t, 'dice/roll', { bet: 1_000, target: 5_000, direction: 'under' }, g.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const o = res.body.outcome;
    expect(o.won).toBe(o.roll < 5_000);
    expect(res.body.win).toBe(o.won ? payoutFor(1_000, 19_300, 10_000) : 0);
    model += res.body.win - 1_000;
    expect(res.body.balance).toBe(model);
    await expectSettled(res.body.roundId, 1_000, res.body.win);
  });

  it('plays mines to a cash-out and to a mine; a reload resumes the open round', async () => {
    const g = await openGame(t, p, 'mines');
    // Cash-out: with 1 mine, uncover tiles until 2 are safe (hitting the mine is possible: start over).
    let cashed = false;
    while (!cashed) {
      const start = await api(t, 'mines/start', { bet: 500, mines: 1 }, g.token);
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      model -= 500;
      expect(start.body.balance).toBe(model);
      expect(start.body.round).toMatchObject({ status: 'open', picks: [], mineTiles: null, win: null });
      const roundId = start.body.round.roundId;
      const resumed = await api(t, 'session', {}, g.token);
      expect(resumed.body.openRound).toMatchObject({ game: 'mines', roundId, status: 'open' });
      let lost = false;
      for (const tile of [0, 1]) {
        const pick = await api(t, 'mines/pick', { roundId, tile }, g.token);
        expect(pick.status, JSON.stringify(pick.body)).toBe(200);
        if (pick.body.round.status === 'lost') {
          lost = true;
          expect(pick.body.round.mineTiles).toEqual([tile]);
          expect(pick.body.balance).toBe(model);
          await expectSettled(roundId, 500, 0);
          break;
        }
      }
      if (lost) continue;
      const out = await api(t, 'mines/cashout', { roundId }, g.token);
      expect(out.status, JSON.stringify(out.body)).toBe(200);
      const win = payoutFor(500, minesMultiplierE4(1, 2), 10_000);
      expect(out.body.round).toMatchObject({ status: 'cashed', safePicks: 2, win });
      expect(out.body.round.mineTiles).toHaveLength(1);
      model += win;
      expect(out.body.balance).toBe(model);
      await expectSettled(roundId, 500, win);
      cashed = true;
    }

    // A mine: with 24 mines every tile but one is a mine.
    let hit = false;
    while (!hit) {
      const start = await api(t, 'mines/start', { bet: 100, mines: 24 }, g.token);
      model -= 100;
      const roundId = start.body.round.roundId;
      const pick = await api(t, 'mines/pick', { roundId, tile: 12 }, g.token);
      if (pick.body.round.status === 'lost') {
        hit = true;
        expect(pick.body.round.win).toBe(0);
        expect(pick.body.round.mineTiles).toHaveLength(24);
        await expectSettled(roundId, 100, 0);
      } else {
        // The one safe tile: every safe tile uncovered cashes out by itself.
        expect(pick.body.round.status).toBe('cashed');
        model += pick.body.round.win;
        await expectSettled(roundId, 100, pick.body.round.win);
      }
    }
  });

  it('plays crash with an auto cash-out, a manual cash-out and a crash; the crash point is secret while flying', async () => {
    const g = await openGame(t, p, 'crash');
    let sawAutoWin = false;
    let sawManualWin = false;
    let sawCrash = false;
    for (let i = 0; i < 60 && !(sawAutoWin && sawManualWin && sawCrash); i++) {
      // Auto cash-out at 1.20×: settled by the server's time, whether or not the client calls.
      const auto = await api(t, 'crash/start', { bet: 1_000, autoCashoutE2: 120 }, g.token);
      expect(auto.status, JSON.stringify(auto.body)).toBe(200);
      model -= 1_000;
      expect(auto.body.balance).toBe(model);
      expect(auto.body.serverNow).toBe(t.clock.now().getTime());
      const flying = await api(t, 'crash/state', { roundId: auto.body.roundId }, g.token);
      if (flying.body.round.status === 'flying') {
        expect(flying.body.round.crashPointE2).toBeNull();
        expect(JSON.stringify(flying.body)).not.toMatch(/crashPoint"?:\s*\d/);
      }
      t.clock.advance(crashMsForMultiplier(120) + 1);
      const after = await api(t, 'crash/state', { roundId: auto.body.roundId }, g.token);
      const r = after.body.round;
      expect(r.status).not.toBe('flying');
      if (r.status === 'cashed') {
        sawAutoWin = true;
        expect(r.cashOutE2).toBe(120);
        expect(r.win).toBe(1_200);
        expect(r.crashPointE2).toBeGreaterThanOrEqual(120);
      } else {
        sawCrash = true;
        expect(r.crashPointE2).toBeLessThan(120);
        expect(r.win).toBe(0);
      }
      model += r.win;
      expect(after.body.balance).toBe(model);
      await expectSettled(auto.body.roundId, 1_000, r.win);

      // By hand: cash out 3 s into the flight (1.19×) if it has not crashed by then.
      const manual = await api(t, 'crash/start', { bet: 1_000 }, g.token);
      model -= 1_000;
      t.clock.advance(3_000);
      const out = await api(t, 'crash/cashout', { roundId: manual.body.roundId }, g.token);
      expect(out.status, JSON.stringify(out.body)).toBe(200);
      const m = out.body.round;
      if (m.status === 'cashed') {
        sawManualWin = true;
        expect(m.cashOutE2).toBe(crashMultiplierAtMs(3_000));
        expect(m.crashPointE2).toBeGreaterThan(m.cashOutE2);
        expect(m.win).toBe(payoutFor(1_000, crashMultiplierAtMs(3_000), 100));
      } else {
        sawCrash = true;
        expect(m.status).toBe('crashed');
        expect(m.win).toBe(0);
        expect(crashMsForMultiplier(m.crashPointE2)).toBeLessThanOrEqual(3_000);
      }
      model += m.win;
      expect(out.body.balance).toBe(model);
      await expectSettled(manual.body.roundId, 1_000, m.win);
      // A cash-out sent again (its answer lost) answers the round as it ended and pays nothing more.
      const again = await api(t, 'crash/cashout', { roundId: manual.body.roundId }, g.token);
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(again.body).toMatchObject({ round: { status: m.status, win: m.win, cashOutE2: m.cashOutE2 }, balance: model });
    }
    expect([sawAutoWin, sawManualWin, sawCrash]).toEqual([true, true, true]);

    // A cash-out that reaches the server after the round crashed (settled by another call) answers the crash.
    const late = await api(t, 'crash/start', { bet: 1_000 }, g.token);
    model -= 1_000;
    t.clock.advance(crashMsForMultiplier(1_000_000) + 1_000);
    expect((await api(t, 'crash/state', { roundId: late.body.roundId }, g.token)).body.round.status).toBe('crashed');
    const tooLate = await api(t, 'crash/cashout', { roundId: late.body.roundId }, g.token);
    expect(tooLate.status, JSON.stringify(tooLate.body)).toBe(200);
    expect(tooLate.body).toMatchObject({ round: { status: 'crashed', win: 0, cashOutE2: null }, balance: model });
    await expectSettled(late.body.roundId, 1_000, 0);
    expect(await coinOf(t, p)).toBe(model);
  });
});
