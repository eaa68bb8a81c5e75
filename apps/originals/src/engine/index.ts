/**
 * @playhall/originals engine: the maths of the Originals (Slot, Crash, Mines, Dice), the
 * provably fair float scheme and its browser-safe verifier. Isomorphic: nothing here needs Node.
 * The Node-only parts (seed generation, synchronous HMAC) are in '@playhall/originals/node'.
 */
export * from './errors.ts';
export * from './money.ts';
export * from './rng.ts';
export * from './fair.ts';
export * from './dice.ts';
export * from './crash.ts';
export * from './mines.ts';
export * from './slot/config.ts';
export * from './slot/evaluate.ts';
export * from './slot/play.ts';
export * from './slot/compiled.ts';
export * from './slot/exact.ts';
export * from './slot/simulate.ts';
export * from './games.ts';
export * from './verify.ts';
export * from './hmac-web.ts';
export * from './rules.ts';
export * from './simulate.ts';
export * from './stats.ts';
