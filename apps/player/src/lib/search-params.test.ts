import { describe, expect, it } from 'vitest';
import { coercedOne, coercedPositiveInt, coercedText, flag, int4Id, oneOf, optional, orUndefined, safeRedirect, searchOf } from './search-params.ts';

describe('route search checks (zod-free, decision 033)', () => {
  it('a redirect elsewhere than this site is dropped, and stays dropped over the raw query', () => {
    const read = searchOf({ redirect: safeRedirect });
    expect(read({ redirect: '/wallets' })).toEqual({ redirect: '/wallets' });
    // The key stays, undefined: the router merges this over the raw query, which must not win.
    expect(read({ redirect: '//evil.example' })).toStrictEqual({ redirect: undefined });
    expect(read({ redirect: 'https://evil.example' })).toStrictEqual({ redirect: undefined });
    expect(read({})).toStrictEqual({});
    expect(() => read({ redirect: 5 })).toThrow();
  });

  it('enumerations, lengths, patterns and numbers fail the check (the 404 page)', () => {
    const login = searchOf({ type: optional(oneOf(['account', 'phone'])) });
    expect(login({ type: 'phone' })).toEqual({ type: 'phone' });
    expect(() => login({ type: 'email' })).toThrow();
    expect(coercedText(32)(12345, 'inviteCode')).toBe('12345');
    expect(() => coercedText(32)('x'.repeat(33), 'inviteCode')).toThrow();
    expect(() => coercedText(64, /^[A-Z0-9]{4,64}$/)('abc', 'orderId')).toThrow();
    expect(coercedOne('1', 'back')).toBe(1);
    expect(() => coercedOne(2, 'back')).toThrow();
    expect(coercedPositiveInt('7', 'id')).toBe(7);
    for (const bad of ['', 0, -1, 1.5, 'x', 2 ** 53]) expect(() => coercedPositiveInt(bad, 'id')).toThrow();
  });

  it('game ids are positive int4 values from numbers or up to nine digits; tryIt reads old true/false links', () => {
    expect(int4Id(5, 'gameId')).toBe(5);
    expect(int4Id('123456789', 'gameId')).toBe(123456789);
    for (const bad of ['1234567890', '1e3', 0, 2_147_483_648, 1.5, null]) expect(() => int4Id(bad, 'gameId')).toThrow();
    expect([1, true, '1', 'true'].map((v) => flag(v, 'tryIt'))).toEqual([1, 1, 1, 1]);
    expect([0, false, '0', 'false'].map((v) => flag(v, 'tryIt'))).toEqual([0, 0, 0, 0]);
    expect(() => flag('yes', 'tryIt')).toThrow();
  });

  it('search filters that make no sense become undefined instead of failing', () => {
    expect(orUndefined(int4Id)('abc', 'typeId')).toBeUndefined();
    const read = searchOf({ typeId: orUndefined(int4Id), name: orUndefined(coercedText(50)) });
    expect(read({ typeId: 'abc', name: 'x'.repeat(51) })).toStrictEqual({ typeId: undefined, name: undefined });
    expect(read({ typeId: 2, name: 'reels' })).toEqual({ typeId: 2, name: 'reels' });
  });
});
