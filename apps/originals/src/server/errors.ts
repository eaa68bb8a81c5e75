import type { OriginalsApiError } from '../api/schemas.ts';

/** HTTP status of each API error code (4xx: the player's call; 5xx: ours or the wallet's). */
export const ApiErrorStatus: Record<OriginalsApiError, number> = {
  BAD_REQUEST: 400,
  INVALID_BET: 400,
  INVALID_PARAMS: 400,
  INVALID_SEED: 400,
  INSUFFICIENT_FUNDS: 402,
  INVALID_TOKEN: 401,
  SESSION_EXPIRED: 401,
  WRONG_GAME: 403,
  ROUND_NOT_FOUND: 404,
  NOT_FOUND: 404,
  ROUND_CLOSED: 409,
  ROUND_OPEN: 409,
  TILE_TAKEN: 409,
  REFILL_NOT_ALLOWED: 409,
  RATE_LIMITED: 429,
  GAME_UNAVAILABLE: 503,
  WALLET_UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** A refusal the API answers as `{ error, message, balance? }`; message is for the player. */
export class ApiError extends Error {
  constructor(
    readonly code: OriginalsApiError,
    message: string,
    readonly balance?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get status(): number {
    return ApiErrorStatus[this.code];
  }
}
