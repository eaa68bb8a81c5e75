import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { AppError, ErrorCode } from '@playhall/contract';
import { createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/create-test-app.ts';
import { checkLedger } from './ledger-check.ts';
import { newUserId } from './ledger-test-helpers.ts';
import * as ledger from './ledger.service.ts';
import type { TransferInput, TransferResult } from './ledger.types.ts';

// Random sequences of transfers against a plain in-memory model: every balance the ledger reports
// must match the model, refusals must change nothing, and both invariants must hold afterwards.

type Op =
  | { kind: 'deposit'; p: number; amount: number }
  | { kind: 'bet'; p: number; amount: number }
  | { kind: 'move'; p: number; q: number; amount: number }
  | { kind: 'safeboxIn' | 'safeboxOut'; p: number; amount: number }
  | { kind: 'replay'; pick: number }
  | { kind: 'reuseKey'; pick: number; amount: number }
  | { kind: 'burst'; deposits: { p: number; amount: number }[] };

const PLAYERS = 3;
const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const amount = fc.integer({ min: 1, max: 5_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), p: player, amount }),
  fc.record({ kind: fc.constant('bet' as const), p: player, amount }),
  fc.record({ kind: fc.constant('move' as const), p: player, q: player, amount }),
  fc.record({ kind: fc.constantFrom('safeboxIn' as const, 'safeboxOut' as const), p: player, amount }),
  fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('reuseKey' as const), pick: fc.nat(), amount }),
  fc.record({ kind: fc.constant('burst' as const), deposits: fc.array(fc.record({ p: player, amount }), { minLength: 2, maxLength: 5 }) }),
);

let run = 0;

describeDb('ledger: random transfer sequences match a simple model', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('keeps balances, refusals, replays and conflicts exactly as the model says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 30 }), async (ops) => {
        const db = t.database.db;
        const tag = `prop${run++}`;
        const ids = await Promise.all(Array.from({ length: PLAYERS }, () => newUserId(db)));
        const clearing = `clearing:${tag}` as const;
        const provider = `provider:${tag}` as const;
        // The model: player books and the two house books this run uses.
        const bal = new Map<string, number>();
        const get = (k: string) => bal.get(k) ?? 0;
        const applied: { input: TransferInput; result: TransferResult }[] = [];
        let seq = 0;

        const entry = (p: number, book: 'coin' | 'safebox', amt: number) => ({ account: { player: ids[p]!, book }, asset: 'coin' as const, amount: amt });
        const house = (book: typeof clearing | typeof provider, amt: number) => ({ account: { house: book }, asset: 'coin' as const, amount: amt });
        const build = (o: Exclude<Op, { kind: 'replay' | 'reuseKey' | 'burst' }>): TransferInput => {
          const key = `${tag}:${seq++}`;
          switch (o.kind) {
            case 'deposit':
              return { idempotencyKey: key, reason: 'deposit', entries: [entry(o.p, 'coin', o.amount), house(clearing, -o.amount)] };
            case 'bet':
              return { idempotencyKey: key, reason: 'bet', entries: [entry(o.p, 'coin', -o.amount), house(provider, o.amount)] };
            case 'move': {
              const q = o.q === o.p ? (o.p + 1) % PLAYERS : o.q;
              return { idempotencyKey: key, reason: 'move', entries: [entry(o.p, 'coin', -o.amount), entry(q, 'coin', o.amount)] };
            }
            case 'safeboxIn':
              return { idempotencyKey: key, reason: 'safebox_in', entries: [entry(o.p, 'coin', -o.amount), entry(o.p, 'safebox', o.amount)] };
            case 'safeboxOut':
              return { idempotencyKey: key, reason: 'safebox_out', entries: [entry(o.p, 'safebox', -o.amount), entry(o.p, 'coin', o.amount)] };
          }
        };
        const accountKey = (a: TransferInput['entries'][number]['account']) => ('player' in a ? `${a.player}:${a.book}` : a.house);
        /** What the model says a fresh application does: apply it, or refuse it whole. */
        const modelApply = (input: TransferInput): boolean => {
          const next = new Map(bal);
          for (const e of input.entries) next.set(accountKey(e.account), (next.get(accountKey(e.account)) ?? 0) + e.amount);
          const overdraw = input.entries.some((e) => 'player' in e.account && (next.get(accountKey(e.account)) ?? 0) < 0);
          if (overdraw) return false;
          for (const [k, v] of next) bal.set(k, v);
          return true;
        };
        const expectPlayerBalances = (result: TransferResult, input: TransferInput) => {
          for (const e of input.entries) if ('player' in e.account) expect(result.balances[accountKey(e.account)]).toBe(get(accountKey(e.account)));
        };
        const fresh = async (input: TransferInput) => {
          const ok = modelApply(input);
          const outcome = await ledger.transfer(db, input).catch((e: unknown) => e);
          if (ok) {
            expect(outcome).toMatchObject({ replayed: false });
            expectPlayerBalances(outcome as TransferResult, input);
            applied.push({ input, result: outcome as TransferResult });
          } else {
            expect(outcome).toBeInstanceOf(AppError);
            expect((outcome as AppError).code).toBe(ErrorCode.insufficientBalance);
          }
        };

        for (const o of ops) {
          if (o.kind === 'replay') {
            const prior = applied[o.pick % Math.max(1, applied.length)];
            if (!prior) continue;
            const again = await ledger.transfer(db, prior.input);
            expect(again).toEqual({ ...prior.result, replayed: true });
          } else if (o.kind === 'reuseKey') {
            const prior = applied[o.pick % Math.max(1, applied.length)];
            if (!prior) continue;
            const changed = { ...prior.input, entries: prior.input.entries.map((e) => ({ ...e, amount: Math.sign(e.amount) * (Math.abs(e.amount) + o.amount) })) };
            const err = await ledger.transfer(db, changed).catch((e: unknown) => e);
            expect((err as AppError).code).toBe(ErrorCode.idempotencyConflict);
          } else if (o.kind === 'burst') {
            // Credits commute, so sending them at once must end where the model does in any order.
            const inputs = o.deposits.map((d) => build({ kind: 'deposit', ...d }));
            for (const input of inputs) expect(modelApply(input)).toBe(true);
            const results = await Promise.all(inputs.map((input) => ledger.transfer(db, input)));
            results.forEach((r, i) => applied.push({ input: inputs[i]!, result: r }));
          } else {
            await fresh(build(o));
          }
        }

        for (let i = 0; i < PLAYERS; i++) {
          const b = await ledger.getBalances(db, ids[i]!);
          expect([b.coin, b.safebox]).toEqual([get(`${ids[i]}:coin`), get(`${ids[i]}:safebox`)]);
        }
        expect(await ledger.houseBalance(db, clearing)).toBe(get(clearing));
        expect(await ledger.houseBalance(db, provider)).toBe(get(provider));
      }),
      // Bounded: the server suite runs on both databases inside `npm test`.
      { numRuns: TEST_DB === 'pg' ? 25 : 30 },
    );
    const report = await checkLedger(t.database.db);
    expect(report.accountMismatches).toEqual([]);
    expect(report.transferMismatches).toEqual([]);
  }, 120_000);
});
