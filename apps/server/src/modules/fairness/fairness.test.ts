import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ClientSeedPattern, ErrorCode, fairClientSeed } from '@playhall/contract';
import { isClientSeed, pickWeighted, verifyWeightedDraw } from '@playhall/fairness';
import { fairFloats } from '@playhall/fairness/node';
import { withTx } from '../../db/tx.ts';
import { call, createTestApp, describeDb, TEST_DB, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { drawFloats, revealedServerSeeds } from './fairness.service.ts';
import type { FairDraw } from './fairness.types.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

describeDb('provably fair promotional seed pairs (fair_seed, decision 051)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const info = async (p: TestPlayer) => {
    const r = await call(t.app, 'fairSeedInfo', { scope: 'jackpot' }, p.token);
    expect(r.code, r.msg).toBe(200);
    return r.data as { serverSeedHash: string; clientSeed: string; nonce: number };
  };
  /** One draw in its own transaction, as a promotion's draw runs. */
  const draw = (p: TestPlayer, count = 1) => withTx(t.database.db, (tx) => drawFloats(tx, p.user.id, 'jackpot', count));

  it('shows the active pair before any draw: created on first look, the same on every look, nonce 0', async () => {
    const p = await buildPlayer(t.app);
    const first = await info(p);
    expect(first.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.clientSeed).toMatch(/^[0-9a-f]{16}$/);
    expect(first.nonce).toBe(0);
    expect(await info(p)).toEqual(first);
    const d = await draw(p, 3);
    expect(d).toMatchObject({ serverSeedHash: first.serverSeedHash, clientSeed: first.clientSeed, nonce: 0 });
    expect(d.floats).toHaveLength(3);
    expect((await info(p)).nonce).toBe(1);
    // Another player has their own pair.
    const other = await buildPlayer(t.app);
    expect((await info(other)).serverSeedHash).not.toBe(first.serverSeedHash);
  });

  it('concurrent draws on one pair (its first use included) get distinct consecutive nonces; rotation reveals the committed seed; the floats recompute', async () => {
    const p = await buildPlayer(t.app);
    const n = TEST_DB === 'pg' ? 24 : 12;
    const draws: FairDraw[] = await Promise.all(Array.from({ length: n }, () => draw(p, 2)));
    expect(draws.map((d) => d.nonce).sort((a, b) => a - b)).toEqual([...Array(n).keys()]);
    expect(new Set(draws.map((d) => d.seedId)).size).toBe(1);
    const shown = await info(p);
    expect(shown).toMatchObject({ serverSeedHash: draws[0]!.serverSeedHash, nonce: n });
    expect(await revealedServerSeeds(t.database.db, [draws[0]!.seedId])).toEqual(new Map());

    const rotated = await call(t.app, 'fairSeedRotate', { scope: 'jackpot', clientSeed: 'my:lucky~seed!' }, p.token);
    expect(rotated.code, rotated.msg).toBe(200);
    const { revealed, current } = rotated.data;
    expect(sha256(revealed.serverSeed)).toBe(shown.serverSeedHash);
    expect(revealed).toMatchObject({ serverSeedHash: shown.serverSeedHash, clientSeed: shown.clientSeed, roundsPlayed: n });
    expect(current).toMatchObject({ clientSeed: 'my:lucky~seed!', nonce: 0 });
    expect(current.serverSeedHash).not.toBe(shown.serverSeedHash);
    expect(await info(p)).toEqual(current);
    expect(await revealedServerSeeds(t.database.db, [draws[0]!.seedId])).toEqual(new Map([[draws[0]!.seedId, revealed.serverSeed]]));

    const weights = [500, 300, 150, 49, 1];
    for (const d of draws) {
      expect(fairFloats({ serverSeed: revealed.serverSeed, clientSeed: d.clientSeed, nonce: d.nonce }, 2)).toEqual(d.floats);
      // What the public verify page computes (WebCrypto) names the same entry as the draw's float.
      const v = await verifyWeightedDraw({ serverSeed: revealed.serverSeed, clientSeed: d.clientSeed, nonce: d.nonce, weights, serverSeedHash: d.serverSeedHash });
      expect(v).toMatchObject({ hashMatches: true, float: d.floats[0], index: pickWeighted(d.floats[0]!, weights) });
    }
    // The next draw uses the new pair from nonce 0.
    expect(await draw(p)).toMatchObject({ serverSeedHash: current.serverSeedHash, clientSeed: 'my:lucky~seed!', nonce: 0 });
  });

  it('a draw whose transaction rolls back takes no nonce', async () => {
    const p = await buildPlayer(t.app);
    await draw(p);
    await expect(
      withTx(t.database.db, async (tx) => {
        await drawFloats(tx, p.user.id, 'jackpot', 1);
        throw new Error('no draw chance after all');
      }),
    ).rejects.toThrow('no draw chance');
    expect((await draw(p)).nonce).toBe(1);
  });

  it('draws racing a rotation: each pair\'s nonces stay consecutive from 0 and match its rounds played', async () => {
    const p = await buildPlayer(t.app);
    await info(p);
    const n = TEST_DB === 'pg' ? 16 : 8;
    const [draws, rotated] = await Promise.all([
      Promise.all(Array.from({ length: n }, () => draw(p))),
      call(t.app, 'fairSeedRotate', { scope: 'jackpot' }, p.token),
    ]);
    expect(rotated.code, rotated.msg).toBe(200);
    const old = draws.filter((d) => d.serverSeedHash === rotated.data.revealed.serverSeedHash);
    const fresh = draws.filter((d) => d.serverSeedHash === rotated.data.current.serverSeedHash);
    expect(old.length + fresh.length).toBe(n);
    expect(old.map((d) => d.nonce).sort((a, b) => a - b)).toEqual([...Array(old.length).keys()]);
    expect(fresh.map((d) => d.nonce).sort((a, b) => a - b)).toEqual([...Array(fresh.length).keys()]);
    expect(rotated.data.revealed.roundsPlayed).toBe(old.length);
    expect((await info(p)).nonce).toBe(fresh.length);
  });

  it('refuses a bad client seed or scope with a clear error and changes nothing', async () => {
    const p = await buildPlayer(t.app);
    const before = await info(p);
    for (const clientSeed of ['', 'has space', 'x'.repeat(65), 'émoji', 'tab\there']) {
      const r = await call(t.app, 'fairSeedRotate', { scope: 'jackpot', clientSeed }, p.token);
      expect(r.code).toBe(ErrorCode.badRequest);
      expect(r.msg, JSON.stringify(clientSeed)).toMatch(/clientSeed.*1 to 64 printable characters without spaces/);
    }
    const badScope = await call(t.app, 'fairSeedRotate', { scope: 'roulette' }, p.token);
    expect(badScope.code).toBe(ErrorCode.badRequest);
    expect(badScope.msg).toMatch(/scope/);
    expect((await call(t.app, 'fairSeedInfo', { scope: 'lottery' }, p.token)).code).toBe(ErrorCode.badRequest);
    expect(await info(p)).toEqual(before);
    expect((await call(t.app, 'fairSeedHistory', { scope: 'jackpot' }, p.token)).data).toMatchObject({ list: [], total: 0, pages: 0 });
    expect((await call(t.app, 'fairSeedInfo', { scope: 'jackpot' })).code).toBe(ErrorCode.unauthorized);
  });

  it('lists revealed pairs newest first, paged; a rotation without a new client seed keeps the current one', async () => {
    const p = await buildPlayer(t.app);
    const hashes: string[] = [];
    for (let i = 0; i < 3; i++) {
      hashes.push((await info(p)).serverSeedHash);
      for (let k = 0; k < i; k++) await draw(p);
      const r = await call(t.app, 'fairSeedRotate', { scope: 'jackpot', ...(i === 1 ? { clientSeed: `seed-${i}` } : {}) }, p.token);
      expect(r.code, r.msg).toBe(200);
    }
    const page1 = await call(t.app, 'fairSeedHistory', { scope: 'jackpot', pageNum: 1, pageSize: 2 }, p.token);
    expect(page1.data).toMatchObject({ total: 3, pages: 2, pageNum: 1, pageSize: 2 });
    expect(page1.data.list.map((r: { serverSeedHash: string }) => r.serverSeedHash)).toEqual([hashes[2], hashes[1]]);
    expect(page1.data.list.map((r: { roundsPlayed: number }) => r.roundsPlayed)).toEqual([2, 1]);
    expect(page1.data.list[0].clientSeed).toBe('seed-1'); // kept from the rotation before
    const page2 = await call(t.app, 'fairSeedHistory', { scope: 'jackpot', pageNum: 2, pageSize: 2 }, p.token);
    expect(page2.data.list).toHaveLength(1);
    for (const r of [...page1.data.list, ...page2.data.list]) expect(sha256(r.serverSeed)).toBe(r.serverSeedHash);
    // Another player's history is their own.
    expect((await call(t.app, 'fairSeedHistory', { scope: 'jackpot' }, (await buildPlayer(t.app)).token)).data.total).toBe(0);
  });
});

it('the contract\'s client seed rule is the fairness package\'s', () => {
  fc.assert(
    fc.property(fc.oneof(fc.string({ maxLength: 70 }), fc.string({ unit: 'binary', maxLength: 70 }), fc.stringMatching(ClientSeedPattern)), (s) => {
      expect(fairClientSeed.safeParse(s).success).toBe(isClientSeed(s));
    }),
    { numRuns: 3_000 },
  );
});
