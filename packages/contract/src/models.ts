import { z } from 'zod';
import { money } from './envelope.ts';
import { jackpotAwardConfig } from './jackpot.ts';

/** Configured length bounds; the server enforces them and the client shows them. */
export const lengthRange = z.object({ min: z.number().int().min(0), max: z.number().int().min(1) });
export type LengthRange = z.infer<typeof lengthRange>;

/** User info (spec §3). Secrets are never sent: `hasPassword` says whether one is set. */
export const userInfo = z.object({
  id: z.number().int(),
  uuid: z.string(),
  account: z.string().nullable(),
  accountType: z.number().int(),
  nickname: z.string(),
  avatar: z.number().int(),
  avatarOther: z.string().nullable(),
  mobile: z.string().nullable(),
  facebookAccount: z.string().nullable(),
  googleAccount: z.string().nullable(),
  lineAccount: z.string().nullable(),
  hasPassword: z.boolean(),
  hasSafeboxPassword: z.boolean(),
  hasKyc: z.boolean(),
  hasUserOther: z.boolean(),
  coin: money,
  safebox: money,
  bet: money,
  exchange: money,
  totalRecharge: money,
  lottery: z.number().int(),
  vip: z.number().int(),
  vipExp: z.number().int(),
  userLevel: z.number().int(),
  pid: z.number().int().nullable(),
  regPeriod: z.number().int(),
  inviteCode: z.string(),
});
export type UserInfo = z.infer<typeof userInfo>;

/** Customer service queue item (spec §3): itemType 1 = online service. */
export const customerServiceItem = z.object({
  id: z.number().int(),
  itemType: z.number().int(),
  name: z.string(),
  param1: z.string(),
  param2: z.string(),
  sort: z.number().int(),
});
export type CustomerServiceItem = z.infer<typeof customerServiceItem>;

export const faqItem = z.object({ id: z.number().int(), question: z.string(), answer: z.string(), sort: z.number().int() });
export type FaqItem = z.infer<typeof faqItem>;

export const noticeItem = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  sort: z.number().int(),
  createdAt: z.string(),
});
export type NoticeItem = z.infer<typeof noticeItem>;

/** The configuration fields every client needs before login (spec §3). */
export const appConfigFields = z.object({
  accountLength: lengthRange,
  usernameLength: lengthRange,
  passwordLength: lengthRange,
  withdrawAccountLength: lengthRange,
  /** Per player in any 24 hours: how many withdrawal requests and how much (hundredths). */
  withdrawLimits: z.object({ dailyCount: z.number().int().min(1), dailyAmount: money }),
  smsCodeLength: lengthRange,
  safeboxPasswordLength: z.number().int().min(4).max(12),
  /** Login types a new player may register with. */
  registerType: z.array(z.number().int()),
  defaultLoginType: z.number().int(),
  /** When on, phone registration and phone login need an SMS code. */
  otpStatus: z.boolean(),
  countryCode: z.string(),
  minRechargeStatus: z.boolean(),
  smsCodeSendLimit: z.number().int(),
  gameListVersion: z.number().int(),
  gameShowNum: z.number().int(),
  feedbackConfig: z.object({ imagesLimit: z.number().int() }),
  clientConfig: z.object({ lobbyBonusAmount: money }),
  h5: z.object({ downloadUrl: z.string() }),
  inviteUrl: z.string(),
  siteName: z.string(),
});
export type AppConfigFields = z.infer<typeof appConfigFields>;

/** A VIP level as the app config carries it (spec §3's level config): the exp (hundredths of valid bet) it starts at. */
export const vipLevelConfig = z.object({ level: z.number().int(), betAmount: money });

export const appConfig = appConfigFields.extend({
  /** Spec §3's vip map (level → its config) and level config (betAmount), from the running VIP activity (8); empty when none runs. */
  vipMap: z.record(z.string(), vipLevelConfig).optional(),
  levelConfig: z.array(vipLevelConfig).optional(),
  /** Spec §3: the running lucky jackpot's (47) award table as published, in id order; empty when none runs (decision 050). */
  jackpotAwardConfigList: z.array(jackpotAwardConfig).optional(),
  appCustomerServiceQueue: z.array(customerServiceItem),
  faq: z.array(faqItem),
  notices: z.array(noticeItem),
});
export type AppConfig = z.infer<typeof appConfig>;

/** Session answer of every login or registration. */
export const sessionResult = z.object({ token: z.string(), user: userInfo, isNew: z.boolean() });
export type SessionResult = z.infer<typeof sessionResult>;
