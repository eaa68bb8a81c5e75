import { sql } from 'drizzle-orm';
import { bigint, boolean, date, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Mirrors db/migrations/*.sql (the SQL files are the source of truth; keep both in step).

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** BIGINT hundredths, read as bigint so no value is silently rounded; converted at the repo edge. */
const money = (name: string) => bigint(name, { mode: 'bigint' }).notNull().default(sql`0`);

export const appConfig = pgTable('app_config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const contentPage = pgTable(
  'content_page',
  {
    slug: text('slug').notNull(),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.slug, t.lang] })],
);

export const faq = pgTable('faq', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  faqKey: text('faq_key').notNull(),
  lang: text('lang').notNull(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const notice = pgTable('notice', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  noticeKey: text('notice_key').notNull(),
  lang: text('lang').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const customerServiceItem = pgTable('customer_service_item', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  itemKey: text('item_key').notNull().unique(),
  itemType: integer('item_type').notNull(),
  name: text('name').notNull(),
  param1: text('param1').notNull().default(''),
  param2: text('param2').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const appUser = pgTable('app_user', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  uuid: uuid('uuid').notNull().unique(),
  account: text('account'),
  mobile: text('mobile'),
  passwordHash: text('password_hash'),
  safeboxPasswordHash: text('safebox_password_hash'),
  nickname: text('nickname').notNull(),
  avatar: integer('avatar').notNull().default(1),
  avatarOther: text('avatar_other'),
  accountType: integer('account_type').notNull(),
  facebookAccount: text('facebook_account'),
  googleAccount: text('google_account'),
  lineAccount: text('line_account'),
  inviteCode: text('invite_code').notNull(),
  pid: bigint('pid', { mode: 'number' }),
  status: smallint('status').notNull().default(1),
  hasKyc: boolean('has_kyc').notNull().default(false),
  vip: integer('vip').notNull().default(0),
  vipExp: bigint('vip_exp', { mode: 'bigint' }).notNull().default(sql`0`),
  userLevel: integer('user_level').notNull().default(0),
  registerIp: text('register_ip'),
  deviceId: text('device_id'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type AppUserRow = typeof appUser.$inferSelect;

export const userSession = pgTable('user_session', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: ts('created_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
  revokedAt: ts('revoked_at'),
  ip: text('ip'),
  userAgent: text('user_agent'),
  deviceId: text('device_id'),
});

export const smsCode = pgTable('sms_code', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  mobile: text('mobile').notNull(),
  purpose: smallint('purpose').notNull(),
  codeHash: text('code_hash').notNull(),
  tries: integer('tries').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  ip: text('ip'),
});

export const smsMessage = pgTable('sms_message', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  mobile: text('mobile').notNull(),
  text: text('text').notNull(),
  code: text('code').notNull(),
  createdAt: ts('created_at').notNull(),
});

// Deposits (migration 20261121_0301_deposits.sql).

export const rechargeType = pgTable('recharge_type', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  typeKey: text('type_key').notNull().unique(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  minAmount: bigint('min_amount', { mode: 'bigint' }).notNull().default(sql`100`),
  minAmount2: bigint('min_amount2', { mode: 'bigint' }).notNull().default(sql`10000`),
  maxAmount: bigint('max_amount', { mode: 'bigint' }),
  isDefault: boolean('is_default').notNull().default(false),
  enabled: boolean('enabled').notNull().default(true),
  provider: text('provider').notNull().default('sandbox'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type RechargeTypeRow = typeof rechargeType.$inferSelect;

export const rechargeItem = pgTable('recharge_item', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  price: bigint('price', { mode: 'bigint' }).notNull().unique(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const rechargeTypeItem = pgTable(
  'recharge_type_item',
  {
    typeId: integer('type_id').notNull(),
    itemId: integer('item_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.typeId, t.itemId] })],
);

export const rechargeBank = pgTable('recharge_bank', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  typeId: integer('type_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const depositOrder = pgTable('deposit_order', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  orderNo: text('order_no').notNull().unique(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  typeId: integer('type_id').notNull(),
  itemId: integer('item_id'),
  bankId: integer('bank_id'),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  status: text('status', { enum: ['pending', 'paid', 'failed'] }).notNull().default('pending'),
  provider: text('provider').notNull(),
  providerRef: text('provider_ref'),
  payTokenHash: text('pay_token_hash').notNull(),
  isLate: boolean('is_late').notNull().default(false),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  paidAt: ts('paid_at'),
  failedAt: ts('failed_at'),
  updatedAt: ts('updated_at').notNull(),
});
export type DepositOrderRow = typeof depositOrder.$inferSelect;

export const depositLimit = pgTable(
  'deposit_limit',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    period: text('period', { enum: ['day', 'week', 'month'] }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }),
    pendingAmount: bigint('pending_amount', { mode: 'bigint' }),
    pendingAt: ts('pending_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.period] })],
);
export type DepositLimitRow = typeof depositLimit.$inferSelect;

// Withdrawals (migration 20261121_0340_withdrawals.sql).

export const withdrawChannel = pgTable('withdraw_channel', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  channelKey: text('channel_key').notNull().unique(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  minAmount: bigint('min_amount', { mode: 'bigint' }).notNull().default(sql`1000`),
  maxAmount: bigint('max_amount', { mode: 'bigint' }),
  enabled: boolean('enabled').notNull().default(true),
  provider: text('provider').notNull().default('sandbox'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type WithdrawChannelRow = typeof withdrawChannel.$inferSelect;

export const withdrawBank = pgTable('withdraw_bank', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  channelId: integer('channel_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type WithdrawBankRow = typeof withdrawBank.$inferSelect;

export const receivingAccount = pgTable('receiving_account', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  channelId: integer('channel_id').notNull(),
  bankId: integer('bank_id'),
  accountName: text('account_name').notNull(),
  accountNo: text('account_no').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});
export type ReceivingAccountRow = typeof receivingAccount.$inferSelect;

export const withdrawalOrder = pgTable('withdrawal_order', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  orderNo: text('order_no').notNull().unique(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  requestId: text('request_id').notNull(),
  channelId: integer('channel_id').notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  bankName: text('bank_name'),
  accountName: text('account_name').notNull(),
  accountNo: text('account_no').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  status: text('status', { enum: ['pending', 'approved', 'paid', 'rejected', 'failed'] }).notNull().default('pending'),
  provider: text('provider').notNull(),
  providerRef: text('provider_ref'),
  reason: text('reason'),
  reviewedBy: text('reviewed_by'),
  createdAt: ts('created_at').notNull(),
  reviewedAt: ts('reviewed_at'),
  closedAt: ts('closed_at'),
  updatedAt: ts('updated_at').notNull(),
});
export type WithdrawalOrderRow = typeof withdrawalOrder.$inferSelect;

export const staffAudit = pgTable('staff_audit', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  target: text('target').notNull(),
  details: jsonb('details').notNull().default(sql`'{}'::jsonb`),
  createdAt: ts('created_at').notNull(),
});

// Route rules (migration 20261125_0750_route_rules.sql): operator-configured redirects of app pages.

export const routeRule = pgTable('route_rule', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  path: text('path').notNull().unique(),
  target: text('target').notNull(),
  status: smallint('status').notNull().default(302),
  updatedBy: text('updated_by').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

// Games catalogue (migration 20261121_0400_games.sql).

export const gamePlatform = pgTable('game_platform', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  walletMode: text('wallet_mode', { enum: ['seamless', 'transfer'] }).notNull().default('seamless'),
  launchUrl: text('launch_url').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** The most a round pays, × what was staked in it (migration 0610, decision 017). */
  winCapRatio: numeric('win_cap_ratio').notNull().default('100000'),
});
export type GamePlatformRow = typeof gamePlatform.$inferSelect;

export const gameBrand = pgTable('game_brand', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  platformId: integer('platform_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const gameType = pgTable('game_type', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const game = pgTable('game', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  platformId: integer('platform_id').notNull(),
  brandId: integer('brand_id').notNull(),
  typeId: integer('type_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  icon: text('icon').notNull(),
  isHot: boolean('is_hot').notNull().default(false),
  isNew: boolean('is_new').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  demoAllowed: boolean('demo_allowed').notNull().default(true),
  status: text('status', { enum: ['online', 'maintenance', 'hidden'] }).notNull().default('online'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type GameRow = typeof game.$inferSelect;

export const gameLike = pgTable(
  'game_like',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    gameId: integer('game_id').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] })],
);

export const gameHistory = pgTable(
  'game_history',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    gameId: integer('game_id').notNull(),
    lastPlayedAt: ts('last_played_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.gameId] })],
);

export const domainEvent = pgTable('domain_event', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  type: text('type').notNull(),
  payload: jsonb('payload').notNull(),
  createdAt: ts('created_at').notNull(),
  /** The writing transaction (default pg_current_xact_id()): the event runner's order (decision 022). */
  txid: bigint('txid', { mode: 'number' }).notNull().default(sql`pg_current_xact_id()::text::bigint`),
});

/** One cursor per event consumer (migration 20261125_0630, decision 022). */
export const eventConsumer = pgTable('event_consumer', {
  name: text('name').primaryKey(),
  lastTxid: bigint('last_txid', { mode: 'number' }).notNull().default(0),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
  applied: bigint('applied', { mode: 'number' }).notNull().default(0),
  failures: integer('failures').notNull().default(0),
  lastError: text('last_error'),
  retryAt: ts('retry_at'),
  updatedAt: ts('updated_at').notNull(),
});

/** Client events for analytics (migrations 20261125_0640 and 20261127_0795, decisions 023 and 039); append-only, no key. */
export const clientEvent = pgTable('client_event', {
  day: date('day', { mode: 'string' }).notNull(),
  name: text('name').notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  clientKey: text('client_key').notNull(),
  at: ts('at').notNull(),
  props: jsonb('props'),
});

/** Events each client offered per day, against its daily allowance (migration 20261125_0640). */
export const clientEventQuota = pgTable(
  'client_event_quota',
  {
    day: date('day', { mode: 'string' }).notNull(),
    clientKey: text('client_key').notNull(),
    offered: integer('offered').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.clientKey] })],
);

// Ledger (migration 20261121_0300_ledger.sql). Written only through ledger_post and the ledger repo.

export const ledgerAccount = pgTable('ledger_account', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }),
  book: text('book').notNull(),
  asset: text('asset').notNull(),
  shard: smallint('shard').notNull().default(0),
  balance: money('balance'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ledgerTransfer = pgTable('ledger_transfer', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  idempotencyKey: text('idempotency_key').notNull().unique('ledger_transfer_key_uq'),
  fingerprint: text('fingerprint').notNull(),
  reason: text('reason').notNull(),
  reference: text('reference'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ledgerEntry = pgTable('ledger_entry', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  asset: text('asset').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
  reason: text('reason').notNull(),
  /** What the entry is about when its transfer's reference does not say: a game entry's `game:<game id>:<round id>` (migration 0690). */
  reference: text('reference'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const playerWallet = pgTable('player_wallet', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  bet: money('bet'),
  bonusLocked: money('bonus_locked'),
  /** What must still be wagered before a withdrawal (migration 20261121_0340). */
  turnoverRequired: money('turnover_required'),
  totalRecharge: money('total_recharge'),
});

// Attempt limits (migration 20261125_0600_attempt_limits.sql, decision 015): one counter per
// (scope, key) for login, current-password and safebox password checks.
export const attemptLimit = pgTable(
  'attempt_limit',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    attempts: integer('attempts').notNull(),
    windowStart: ts('window_start').notNull(),
    lockedUntil: ts('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] })],
);

// Seamless game wallet (migration 20261121_0410_game_wallet.sql): launch tokens, game sessions,
// provider secrets, rounds and provider transactions. Written only by modules/game-wallet.

export const gamePlatformSecret = pgTable('game_platform_secret', {
  platformId: integer('platform_id').primaryKey(),
  secret: text('secret').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const gameLaunch = pgTable('game_launch', {
  tokenHash: text('token_hash').primaryKey(),
  userId: bigint('user_id', { mode: 'number' }),
  gameId: integer('game_id').notNull(),
  platformId: integer('platform_id').notNull(),
  mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
  lang: text('lang').notNull(),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const gameSession = pgTable('game_session', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: bigint('user_id', { mode: 'number' }),
  playerRef: text('player_ref').notNull(),
  gameId: integer('game_id').notNull(),
  platformId: integer('platform_id').notNull(),
  mode: text('mode', { enum: ['real', 'demo'] }).notNull(),
  createdAt: ts('created_at').notNull(),
  lastSeenAt: ts('last_seen_at').notNull(),
  closedAt: ts('closed_at'),
});
export type GameSessionRow = typeof gameSession.$inferSelect;

export const gameRound = pgTable('game_round', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  platformId: integer('platform_id').notNull(),
  providerRoundId: text('provider_round_id').notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  gameId: integer('game_id').notNull(),
  betTotal: money('bet_total'),
  winTotal: money('win_total'),
  betCount: integer('bet_count').notNull().default(0),
  rolledBackCount: integer('rolled_back_count').notNull().default(0),
  status: text('status', { enum: ['open', 'settled', 'rolledBack'] }).notNull().default('open'),
  startedAt: ts('started_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  endedAt: ts('ended_at'),
  /** First flagged for operators: a win past its cap, or paid after its end (migration 0610). */
  flaggedAt: ts('flagged_at'),
});
export type GameRoundRow = typeof gameRound.$inferSelect;

/** What staff must look at, one row per kind and subject (migration 0610, decision 017). */
export const operatorAlert = pgTable('operator_alert', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  kind: text('kind', { enum: ['winCapExceeded', 'lateWin'] }).notNull(),
  subject: text('subject').notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  message: text('message').notNull(),
  details: jsonb('details').notNull(),
  occurrences: integer('occurrences').notNull().default(1),
  amountTotal: money('amount_total'),
  firstAt: ts('first_at').notNull(),
  lastAt: ts('last_at').notNull(),
});

/** The idle sweep's bound (one row): every round with a lower id has ended. */
export const gameRoundSweep = pgTable('game_round_sweep', {
  one: boolean('one').primaryKey().default(true),
  openFrom: bigint('open_from', { mode: 'number' }).notNull(),
});

export const gameTransaction = pgTable(
  'game_transaction',
  {
    platformId: integer('platform_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    kind: text('kind', { enum: ['bet', 'win', 'rollback'] }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    roundId: bigint('round_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    refTransactionId: text('ref_transaction_id'),
    endsRound: boolean('ends_round').notNull().default(false),
    status: text('status', { enum: ['applied', 'rolledBack', 'tombstone', 'noop'] }).notNull(),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.transactionId] })],
);
export type GameTransactionRow = typeof gameTransaction.$inferSelect;

// Rewards engine (migration 20261125_0680_rewards_engine.sql, decision 028).

export const activity = pgTable('activity', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  type: integer('type').notNull(),
  name: text('name').notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(false),
  startsAt: ts('starts_at'),
  endsAt: ts('ends_at'),
  themeUrl: text('theme_url'),
  clickType: smallint('click_type').notNull().default(1),
  clickAction: text('click_action').notNull().default(''),
  unloginShowStatus: boolean('unlogin_show_status').notNull().default(true),
  rules: jsonb('rules').$type<Record<string, string>>().notNull().default({}),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type ActivityRow = typeof activity.$inferSelect;

/** One row per award granted, written by the award function beside its ledger transfer. */
export const rewardGrant = pgTable('reward_grant', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  activityId: integer('activity_id'),
  awardId: integer('award_id').notNull(),
  count: bigint('count', { mode: 'number' }).notNull(),
  reason: text('reason').notNull(),
  turnover: bigint('turnover', { mode: 'number' }).notNull().default(0),
  idempotencyKey: text('idempotency_key').notNull().unique('reward_grant_key_uq'),
  ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull(),
});

/** One-off grants: one mark per (activity type, fingerprint of a person). */
export const rewardOnce = pgTable(
  'reward_once',
  {
    activityType: integer('activity_type').notNull(),
    /** What in the activity is once per person ('' the activity itself; a follow task: its id). */
    scope: text('scope').notNull().default(''),
    fingerprint: text('fingerprint').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.activityType, t.scope, t.fingerprint] })],
);

/** Invites (decision 065): what each invitee deposited and bet since the referral, and how the invite settled. */
export const referral = pgTable('referral', {
  inviteeId: bigint('invitee_id', { mode: 'number' }).primaryKey(),
  inviterId: bigint('inviter_id', { mode: 'number' }).notNull(),
  deposited: bigint('deposited', { mode: 'number' }).notNull().default(0),
  bet: bigint('bet', { mode: 'number' }).notNull().default(0),
  outcome: text('outcome'),
  settledAt: ts('settled_at'),
  updatedAt: ts('updated_at').notNull(),
});

/** Tasks (activity 42, decision 047): progress per player, activity, period and task. */
export const taskProgress = pgTable(
  'task_progress',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    activityId: integer('activity_id').notNull(),
    period: text('period').notNull(),
    taskId: text('task_id').notNull(),
    progress: bigint('progress', { mode: 'number' }).notNull().default(0),
    marks: text('marks').array(),
    claimedAt: ts('claimed_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.activityId, t.period, t.taskId] })],
);
// VIP and rebate (migration 20261127_0840_vip_rebate.sql, decision 045).

/** Rebate accrued per player and game type since the last claim (millionths of a coin). */
export const vipRebate = pgTable(
  'vip_rebate',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    typeId: integer('type_id').notNull(),
    validBet: bigint('valid_bet', { mode: 'number' }).notNull().default(0),
    accrued: bigint('accrued', { mode: 'number' }).notNull().default(0),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.typeId] })],
);

/** Valid bet per player and operator's day (VIP tasks). */
export const vipDay = pgTable(
  'vip_day',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    validBet: bigint('valid_bet', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** Per VIP activity with a retention rule: the first day not evaluated yet (migration 20261128_0500, decision 055). */
export const vipRetention = pgTable('vip_retention', {
  activityId: integer('activity_id').primaryKey(),
  evaluatedUntil: date('evaluated_until', { mode: 'string' }).notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** One row per rebate claim (betBonusLog). */
export const vipRebateClaim = pgTable('vip_rebate_claim', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  activityId: integer('activity_id').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  details: jsonb('details').$type<{ typeId: number; validBet: number; amount: number }[]>().notNull(),
  createdAt: ts('created_at').notNull(),
});

/** The lucky jackpot's pools beside their ledger books (migration 20261128_0200, decision 050). */
export const jackpotPool = pgTable('jackpot_pool', {
  tier: text('tier', { enum: ['mega', 'major', 'minor', 'mini'] }).primaryKey(),
  rest: bigint('rest', { mode: 'number' }).notNull().default(0),
  contributed: bigint('contributed', { mode: 'number' }).notNull().default(0),
  seeds: integer('seeds').notNull().default(0),
  seeded: bigint('seeded', { mode: 'number' }).notNull().default(0),
  hits: integer('hits').notNull().default(0),
  paid: bigint('paid', { mode: 'number' }).notNull().default(0),
  updatedAt: ts('updated_at').notNull(),
});

/** A player's jackpot draw chances. */
export const jackpotPlayer = pgTable('jackpot_player', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  chances: integer('chances').notNull().default(0),
  depositDay: date('deposit_day', { mode: 'string' }),
  betDay: date('bet_day', { mode: 'string' }),
  dayUsed: integer('day_used').notNull().default(0),
  lastDrawAt: ts('last_draw_at'),
  updatedAt: ts('updated_at').notNull(),
});

/** Valid bet per player and operator's day (the jackpot's daily thresholds). */
export const jackpotDay = pgTable(
  'jackpot_day',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    validBet: bigint('valid_bet', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** One row per jackpot draw, with its proof. */
export const jackpotDraw = pgTable('jackpot_draw', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  activityId: integer('activity_id').notNull(),
  source: text('source', { enum: ['deposit', 'bet'] }).notNull(),
  configId: integer('config_id').notNull(),
  type: smallint('type').notNull(),
  propId: integer('prop_id').notNull(),
  count: bigint('count', { mode: 'number' }).notNull(),
  bonus: bigint('bonus', { mode: 'number' }).notNull(),
  grantId: bigint('grant_id', { mode: 'number' }).notNull(),
  seedId: bigint('seed_id', { mode: 'number' }).notNull(),
  nonce: bigint('nonce', { mode: 'number' }).notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  tableIds: integer('table_ids').array().notNull(),
  weights: integer('weights').array().notNull(),
  idx: integer('idx').notNull(),
  createdAt: ts('created_at').notNull(),
});

// Provably fair promotional draws (migration 20261128_0100_fair_seed.sql, decision 051).

/** A player's seed pair for one scope of promotional draws ('jackpot'); one active (revealed_at null). */
export const fairSeed = pgTable('fair_seed', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  scope: text('scope').notNull(),
  serverSeed: text('server_seed').notNull(),
  serverSeedHash: text('server_seed_hash').notNull(),
  clientSeed: text('client_seed').notNull(),
  nonce: integer('nonce').notNull().default(0),
  createdAt: ts('created_at').notNull(),
  revealedAt: ts('revealed_at'),
});
