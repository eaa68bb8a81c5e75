import type { AppConfigFields } from '@playhall/contract';

/**
 * Default configuration rows (key → jsonb). Seeded with ON CONFLICT DO NOTHING, so an operator's
 * later change is never overwritten by a restart.
 */
export const defaultAppConfig: { [K in keyof AppConfigFields]: unknown } = {
  accountLength: { min: 4, max: 16 },
  usernameLength: { min: 2, max: 20 },
  passwordLength: { min: 6, max: 32 },
  withdrawAccountLength: { min: 6, max: 30 },
  withdrawLimits: { dailyCount: 3, dailyAmount: 5_000_000 },
  smsCodeLength: { min: 6, max: 6 },
  safeboxPasswordLength: 6,
  registerType: [1, 2],
  defaultLoginType: 2,
  otpStatus: true,
  countryCode: '+55',
  minRechargeStatus: true,
  smsCodeSendLimit: 10,
  gameListVersion: 1,
  gameShowNum: 12,
  feedbackConfig: { imagesLimit: 3 },
  clientConfig: { lobbyBonusAmount: 0 },
  h5: { downloadUrl: '/download' },
  inviteUrl: '/share',
  siteName: 'Playhall',
};
