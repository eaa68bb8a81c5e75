/**
 * The one constant the contract's money-input rule takes from `packages/contract/src/amounts.ts`,
 * without the zod schemas that file also defines (they would add about 16 kB gzipped to the game
 * screens for nothing). vite.config.ts points money-input.ts's import here; a test checks that
 * the value is the contract's.
 */
export const MaxCallAmount = 10_000_000_000;
