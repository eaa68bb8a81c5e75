import { describe, expect, test } from 'vitest';
import { fairFloatSource, hashServerSeed, newSeedPair } from '@playhall/fairness/node';
import { drawMines, minesMultiplierE4 } from './mines.ts';
import type { GameId, GameParams } from './games.ts';
import { playFairRound, verifyRoundSync } from './verify-node.ts';
import { verifyRound } from './verify.ts';

const SEEDS = { serverSeed: '5e1f3a0c9b7d2e4f6a8c0b1d3e5f7a9c2b4d6e8f0a1c3e5b7d9f1a3c5e7b9d0f', clientSeed: 'lucky:player', nonce: 42 };

describe('verifyRound', () => {
  const rounds: { [G in GameId]: GameParams[G] } = {
    slot: { bet: 200 },
    crash: { bet: 500, cashOutE2: 150 },
    mines: { bet: 1000, mines: 5, picks: [12] }, // one pick: valid whether or not it is a mine
    dice: { bet: 300, target: 5000, direction: 'under' },
  };

  test('recomputes every game exactly as it was played, and checks the commitment', async () => {
    const pair = newSeedPair('verify-me');
    for (const game of Object.keys(rounds) as GameId[]) {
      for (let nonce = 0; nonce < 5; nonce++) {
        const seeds = { ...pair, nonce };
        const played = playFairRound(game, seeds, rounds[game]);
        const web = await verifyRound(game, { ...seeds, params: rounds[game], serverSeedHash: pair.serverSeedHash });
        expect(web.outcome).toEqual(played);
        expect(web.hashMatches).toBe(true);
        expect(verifyRoundSync(game, { ...seeds, params: rounds[game] })).toEqual(web);
      }
    }
    const wrong = await verifyRound('dice', { ...pair, nonce: 0, params: rounds.dice, serverSeedHash: '00'.repeat(32) });
    expect(wrong.hashMatches).toBe(false);
    const noCommitment = verifyRoundSync('dice', { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: 0, params: rounds.dice });
    expect(noCommitment.hashMatches).toBeNull();
    expect(noCommitment.serverSeedHash).toBe(pair.serverSeedHash);
  });

  test('replays a mines round cashed out after several safe picks', async () => {
    const seeds = { ...SEEDS, nonce: 3 };
    const board = drawMines(fairFloatSource(seeds), 5);
    const picks = [...Array(25).keys()].filter((t) => !board.includes(t)).slice(0, 4);
    const verified = await verifyRound('mines', { ...seeds, params: { bet: 1000, mines: 5, picks } });
    expect(verified.outcome).toMatchObject({ mines: board, safePicks: 4, hitMine: false, multiplierE4: minesMultiplierE4(5, 4) });
  });

  test('replays a slot round with free spins (more floats than one digest)', async () => {
    const pair = { serverSeed: SEEDS.serverSeed, clientSeed: 'free-spins', serverSeedHash: hashServerSeed(SEEDS.serverSeed) };
    let nonce = 0;
    while (playFairRound('slot', { ...pair, nonce }, { bet: 100 }).freeSpins.length === 0) nonce++;
    const played = playFairRound('slot', { ...pair, nonce }, { bet: 100 });
    const verified = await verifyRound('slot', { ...pair, nonce, params: { bet: 100 } });
    expect(played.freeSpins.length).toBeGreaterThanOrEqual(6);
    expect(verified.outcome).toEqual(played);
  });

  test('refuses unknown games and bad parameters with a clear error', async () => {
    const input = { ...SEEDS, params: { bet: 100 } };
    await expect(verifyRound('poker' as GameId, input as never)).rejects.toMatchObject({ code: 'UNKNOWN_GAME' });
    await expect(verifyRound('slot', { ...SEEDS, params: { bet: 99 } })).rejects.toMatchObject({ code: 'INVALID_BET' });
    await expect(verifyRound('dice', { ...SEEDS, params: { bet: 100, target: 9999, direction: 'under' } })).rejects.toMatchObject({ code: 'INVALID_PARAMS' });
  });
});
