import { describe, expect, it } from 'vitest';
import { gameSearchSearch, gameStartSearch } from './game-routes.ts';

describe('game route search checks', () => {
  it('/game/start needs a game id; tryIt reads old true/false links', () => {
    expect(gameStartSearch({ gameId: '42', tryIt: 'true' })).toEqual({ gameId: 42, tryIt: 1 });
    expect(gameStartSearch({ gameId: 7, activityId: 3 })).toEqual({ gameId: 7, activityId: 3 });
    expect(() => gameStartSearch({})).toThrow();
    expect(() => gameStartSearch({ gameId: 'abc' })).toThrow();
  });

  it('/game/search drops filters that make no sense, keeping their keys so the raw query does not win', () => {
    expect(gameSearchSearch({ typeId: 'abc', brandId: -1, name: 'x'.repeat(51) })).toStrictEqual({ typeId: undefined, brandId: undefined, name: undefined });
    expect(gameSearchSearch({ typeId: 2, name: 'reels' })).toEqual({ typeId: 2, name: 'reels' });
  });
});
