import { createHmac } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { FairnessError } from './errors.ts';
import { isClientSeed, nextRound, publicSeedPair } from './fair.ts';
import { fairFloatSource, fairFloats, hashServerSeed, newSeedPair, rotateSeedPair } from './hmac-node.ts';
import { fairFloatsWeb, hashServerSeedWeb } from './hmac-web.ts';
import { chiSquareUniformity, runsTest } from './stats.ts';

const SEEDS = { serverSeed: '5e1f3a0c9b7d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0a1c3e5b7d9f1a3c5e7b9d0f', clientSeed: 'lucky:player', nonce: 42 };

describe('HMAC floats', () => {
  test('match an independent implementation of the published scheme (Python hmac, pinned)', () => {
    // python3: hmac.new(serverSeed.encode(), f"{clientSeed}:{nonce}:{cursor}".encode(), sha256),
    // each 4 bytes → b0/256 + b1/256² + b2/256³ + b3/256⁴.
    expect(fairFloats(SEEDS, 10)).toEqual([
      0.8185828076675534, 0.9347544000484049, 0.5560013772919774, 0.788968151435256, 0.6329033297952265, 0.9728165029082447,
      0.1072734713088721, 0.6010367465205491, 0.44500937149859965, 0.8204918766859919,
    ]);
    expect(hashServerSeed(SEEDS.serverSeed)).toBe('2dd01ca3e950310dc4e1cfc1555c2a86f25e395201cedb4155862d73698d221a');
  });

  test('each digest gives 8 floats by the byte formula, then the cursor moves on', () => {
    const floats = fairFloats(SEEDS, 16);
    for (const cursor of [0, 1]) {
      const d = createHmac('sha256', SEEDS.serverSeed).update(`${SEEDS.clientSeed}:${SEEDS.nonce}:${cursor}`).digest();
      for (let i = 0; i < 8; i++) {
        const [b0, b1, b2, b3] = [d[4 * i], d[4 * i + 1], d[4 * i + 2], d[4 * i + 3]] as [number, number, number, number];
        expect(floats[cursor * 8 + i]).toBe(b0 / 256 + b1 / 256 ** 2 + b2 / 256 ** 3 + b3 / 256 ** 4);
      }
    }
  });

  test('the lazy source yields the same floats as the batch', () => {
    const next = fairFloatSource(SEEDS);
    expect(Array.from({ length: 30 }, () => next())).toEqual(fairFloats(SEEDS, 30));
  });

  test('Node (node:crypto) and browser (WebCrypto) floats and hashes are identical', async () => {
    for (let nonce = 0; nonce < 40; nonce++) {
      const seeds = { ...newSeedPair(nonce % 2 ? 'a:b:c' : `~client${nonce}!`), nonce };
      expect(await fairFloatsWeb(seeds, 37)).toEqual(fairFloats(seeds, 37));
      expect(await hashServerSeedWeb(seeds.serverSeed)).toBe(hashServerSeed(seeds.serverSeed));
    }
  });

  test('are uniform (chi-square, 100 buckets) and independent (runs test), p > 0.01', () => {
    for (const clientSeed of ['alpha', 'beta', 'gamma']) {
      const floats: number[] = [];
      for (let nonce = 0; floats.length < 200_000; nonce++) floats.push(...fairFloats({ serverSeed: SEEDS.serverSeed, clientSeed, nonce }, 8));
      const chi = chiSquareUniformity(floats, 100);
      const runs = runsTest(floats);
      expect(chi.p, `chi-square ${clientSeed}: ${chi.statistic}`).toBeGreaterThan(0.01);
      expect(runs.p, `runs ${clientSeed}: z = ${runs.statistic}`).toBeGreaterThan(0.01);
    }
  });
});

describe('seed pairs', () => {
  test('a new pair commits to its server seed and starts at nonce 0', () => {
    const pair = newSeedPair('my-seed');
    expect(pair.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(pair.serverSeedHash).toBe(hashServerSeed(pair.serverSeed));
    expect(pair.nonce).toBe(0);
    expect(publicSeedPair(pair)).not.toHaveProperty('serverSeed');
    expect(newSeedPair().clientSeed).toMatch(/^[0-9a-f]{16}$/);
  });

  test('each round uses the next nonce', () => {
    const first = nextRound(newSeedPair('x'));
    const second = nextRound(first.pair);
    expect([first.seeds.nonce, second.seeds.nonce, second.pair.nonce]).toEqual([0, 1, 2]);
  });

  test('rotation reveals the committed seed and starts a fresh pair', () => {
    const pair = { ...newSeedPair('mine'), nonce: 17 };
    const { revealed, next } = rotateSeedPair(pair);
    expect(revealed).toEqual({ serverSeed: pair.serverSeed, serverSeedHash: pair.serverSeedHash, clientSeed: 'mine', roundsPlayed: 17 });
    expect(hashServerSeed(revealed.serverSeed)).toBe(pair.serverSeedHash);
    expect(next.serverSeed).not.toBe(pair.serverSeed);
    expect(next.nonce).toBe(0);
    expect(next.clientSeed).toBe('mine');
    expect(rotateSeedPair(pair, 'new-one').next.clientSeed).toBe('new-one');
  });

  test('client seeds are 1-64 printable ASCII characters without spaces', () => {
    for (const ok of ['a', 'x'.repeat(64), 'Lucky:7!~']) expect(isClientSeed(ok)).toBe(true);
    for (const bad of ['', 'x'.repeat(65), 'has space', 'tab\t', 'émoji', '\u0000']) expect(isClientSeed(bad)).toBe(false);
    expect(() => newSeedPair('has space')).toThrow(FairnessError);
    expect(() => fairFloats({ ...SEEDS, serverSeed: 'XYZ' }, 1)).toThrow(/server seed/);
    expect(() => fairFloats({ ...SEEDS, nonce: -1 }, 1)).toThrow(/nonce/);
  });
});
