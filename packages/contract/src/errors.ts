/**
 * Stable error codes carried in the response envelope's `code`. Codes below 600 mirror HTTP
 * meanings; 1001-1004 are the jackpot draw codes of the spec; 2xxx accounts, 3xxx wallet.
 * The numbers never change once published; messages may.
 */
export const ErrorCode = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  payloadTooLarge: 413,
  rateLimited: 429,
  internal: 500,
  unavailable: 503,

  jackpotNoChance: 1001,
  jackpotNotRunning: 1002,
  jackpotDepositNeeded: 1003,
  jackpotTooFrequent: 1004,

  accountExists: 2001,
  invalidCredentials: 2002,
  accountLocked: 2003,
  phoneExists: 2004,
  phoneNotFound: 2005,
  smsCodeInvalid: 2006,
  smsCodeExpired: 2007,
  smsTooFrequent: 2008,
  smsDailyLimit: 2009,
  smsTooManyTries: 2010,
  wrongOldPassword: 2011,
  alreadyBound: 2012,
  registerTypeDisabled: 2013,
  inviteCodeInvalid: 2014,
  passwordNotSet: 2015,
  accountDisabled: 2016,
  phoneInvalid: 2017,

  // Ledger 3001-3099.
  insufficientBalance: 3001,
  idempotencyConflict: 3002,
  unbalancedTransfer: 3003,
  balanceLimitExceeded: 3004,

  // Deposits 3100-3199.
  depositChannelUnavailable: 3101,
  depositItemUnavailable: 3102,
  depositBelowMinimum: 3103,
  depositAboveMaximum: 3104,
  depositBankRequired: 3105,
  depositLimitExceeded: 3106,
  depositOrderNotFound: 3107,
  depositAmountNotWhole: 3108,
  webhookSignatureInvalid: 3110,
  webhookMismatch: 3111,

  // Safebox 3201-3209.
  safeboxPasswordInvalid: 3201,
  safeboxPasswordNotSet: 3202,
  safeboxWrongPassword: 3203,
  safeboxLocked: 3204,
  safeboxOldPasswordRequired: 3205,
  safeboxWrongOldPassword: 3206,
  safeboxAmountInvalid: 3207,

  // Withdrawals and receiving accounts 3301-3399.
  withdrawAccountNotFound: 3301,
  withdrawAccountLimit: 3302,
  withdrawAccountInvalid: 3303,
  withdrawAccountDuplicate: 3304,
  withdrawBankRequired: 3305,
  withdrawChannelUnavailable: 3306,
  withdrawBelowMinimum: 3307,
  withdrawAboveMaximum: 3308,
  withdrawAboveWithdrawable: 3309,
  withdrawDailyCountReached: 3310,
  withdrawDailyAmountExceeded: 3311,
  withdrawAmountNotWhole: 3312,
  withdrawOrderNotFound: 3313,
  withdrawWrongState: 3314,
  withdrawAccountNameInvalid: 3315,

  // Games 4001-4099.
  gameNotFound: 4001,
  gameInMaintenance: 4002,
  gameDemoNotAllowed: 4003,
  betRecordRangeInvalid: 4004,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Default English messages; the client translates by code where it has a better text. */
export const ErrorMessage: Record<ErrorCode, string> = {
  200: 'OK',
  400: 'The request is not valid',
  401: 'Please log in',
  403: 'You are not allowed to do that',
  404: 'Not found',
  409: 'This request conflicts with an earlier one',
  413: 'The request is too large',
  429: 'Too many requests, please wait a moment and try again',
  500: 'Something went wrong on our side, please try again later',
  503: 'The service is starting or unavailable, please try again shortly',
  1001: 'You have no draw chance left',
  1002: 'The jackpot activity is not running',
  1003: 'Make a deposit to get a draw chance',
  1004: 'Too frequent, please wait a moment',
  2001: 'This account name is already taken',
  2002: 'Wrong account or password',
  2003: 'Too many failed logins: this account is locked for a while, try again later',
  2004: 'This phone number is already registered',
  2005: 'No account uses this phone number',
  2006: 'The verification code is wrong',
  2007: 'The verification code has expired, request a new one',
  2008: 'Please wait before requesting another code',
  2009: 'Daily code limit reached for this phone, try again tomorrow',
  2010: 'Too many wrong codes, request a new one',
  2011: 'The current password is wrong',
  2012: 'A phone number is already bound to this account',
  2013: 'This way of registering is turned off',
  2014: 'The invite code is not valid',
  2015: 'This account has no password yet: log in with an SMS code',
  2016: 'This account is disabled',
  2017: 'This is not a phone number',
  3001: 'Your balance is not enough for this',
  3002: 'This operation was already submitted with different details',
  3003: 'The transfer does not balance',
  3004: 'This would take a balance past the largest amount allowed',
  3101: 'This payment channel is not available',
  3102: 'This amount option is not available for this channel',
  3103: 'The amount is below the minimum deposit for this channel',
  3104: 'The amount is above the maximum deposit for this channel',
  3105: 'Choose a bank for this payment channel',
  3106: 'This deposit would exceed your deposit limit',
  3107: 'Deposit order not found',
  3108: 'Deposit whole coins only',
  3110: 'The payment notification signature is not valid',
  3111: 'The payment notification does not match the order',
  3201: 'The safebox password must be digits only, of the required length',
  3202: 'Set a safebox password first',
  3203: 'The safebox password is wrong',
  3204: 'Too many wrong safebox passwords: taking coins out is locked for a while, try again later',
  3205: 'Enter your current safebox password to change it',
  3206: 'The current safebox password is wrong',
  3207: 'Enter a whole number of coins greater than 0',
  3301: 'Receiving account not found',
  3302: 'You already have the most receiving accounts allowed: change one instead',
  3303: 'The account number is not valid for this channel',
  3304: 'This account is already saved',
  3305: 'Choose a bank for this channel',
  3306: 'This payout channel is not available',
  3307: 'The amount is below the minimum withdrawal for this channel',
  3308: 'The amount is above the maximum withdrawal for this channel',
  3309: 'The amount is more than you can withdraw now',
  3310: 'You have made the most withdrawal requests allowed in 24 hours',
  3311: 'This would pass your withdrawal limit for 24 hours',
  3312: 'Withdraw whole coins only',
  3313: 'Withdrawal request not found',
  3314: 'This withdrawal request is no longer in a state that allows this',
  3315: 'Enter the account holder\'s name (letters only)',
  4001: 'Game not found',
  4002: 'This game is under maintenance, please try again later',
  4003: 'This game has no demo mode: log in to play',
  4004: 'Choose dates within the last 90 days, the start before the end',
};

/** Error thrown by services; mapped to the envelope only at the edge. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: unknown;
  constructor(code: ErrorCode, message?: string, details?: unknown) {
    super(message ?? ErrorMessage[code]);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }
}
