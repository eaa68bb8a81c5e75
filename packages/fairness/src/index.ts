/**
 * @playhall/fairness: the provably fair scheme shared by the Originals and every promotional draw
 * (decision 051): seed formats and pairs, HMAC-SHA256 floats, weighted picks, verification and the
 * statistics behind the RNG tests. Isomorphic: nothing here needs Node. The Node-only parts (seed
 * generation, synchronous HMAC) are in '@playhall/fairness/node'.
 */
export * from './errors.ts';
export * from './rng.ts';
export * from './fair.ts';
export * from './pick.ts';
export * from './hmac-web.ts';
export * from './stats.ts';
