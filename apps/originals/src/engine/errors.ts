/**
 * The engine's one error type. The game server maps `code` to its own error codes; `message`
 * is written for the player (it names the limit that was broken).
 */
export type OriginalsErrorCode = 'INVALID_BET' | 'INVALID_PARAMS' | 'INVALID_SEED' | 'UNKNOWN_GAME';

export class OriginalsError extends Error {
  constructor(
    readonly code: OriginalsErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OriginalsError';
  }
}

/** Throws INVALID_PARAMS unless `value` is an integer in [min, max]. */
export function assertIntIn(name: string, value: unknown, min: number, max: number): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new OriginalsError('INVALID_PARAMS', `${name} must be an integer from ${min} to ${max}`);
  }
}
