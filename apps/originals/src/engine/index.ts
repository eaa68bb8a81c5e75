/**
 * @playhall/originals engine: the maths of the Originals (Slot, Crash, Mines, Dice) and their
 * browser-safe round verifier. Isomorphic: nothing here needs Node. The provably fair scheme they
 * play on (seeds, HMAC floats, statistics) is @playhall/fairness (decision 051); the Node-only
 * parts (real rounds from seeds, the synchronous verifier) are in '@playhall/originals/node'.
 */
export * from './errors.ts';
export * from './money.ts';
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
export * from './rules.ts';
export * from './simulate.ts';
