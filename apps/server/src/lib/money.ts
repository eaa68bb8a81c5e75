import type { Money } from '@playhall/contract';

/**
 * Converts a BIGINT hundredths value from the database to a JS number, refusing anything that
 * would lose precision. The one place money leaves bigint.
 */
export function toMoney(value: bigint | string | number): Money {
  const big = typeof value === 'bigint' ? value : BigInt(value);
  if (big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`Money value ${big} is outside the safe integer range`);
  }
  return Number(big) as Money;
}

/** Whole coins for messages: hundredths floored, as players see money everywhere. */
export function coins(hundredths: bigint): string {
  return (hundredths / 100n).toString();
}
