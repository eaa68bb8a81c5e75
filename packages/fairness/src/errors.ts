/**
 * The fairness package's one error type. Callers map `code` to their own error codes; `message`
 * is written for the player (it names the rule that was broken).
 */
export type FairnessErrorCode = 'INVALID_SEED' | 'INVALID_WEIGHTS';

export class FairnessError extends Error {
  constructor(
    readonly code: FairnessErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'FairnessError';
  }
}

/** The player-facing texts of the seed rules (the server and the verify pages say the same). */
export const CLIENT_SEED_RULE = 'the client seed must be 1 to 64 printable characters without spaces';
export const SERVER_SEED_RULE = 'the server seed must be 64 lowercase hex characters';
export const NONCE_RULE = 'the nonce must be a whole number ≥ 0';
