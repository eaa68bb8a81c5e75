import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** Where the embedded database and local files live unless DATA_DIR says otherwise. */
export const defaultDataDir = resolve(repoRoot, 'data');

/** The `.env` file start-up reads: beside the repository's package.json. */
export const dotEnvFile = resolve(repoRoot, '.env');

/**
 * Reads `.env` (or the file ENV_FILE names, which must exist) into process.env when the file
 * exists: Node's own parser, `NAME=value` lines, `#` comments, quotes. A variable already in the
 * environment keeps its value. loadConfig then validates the values like any other, so a bad one
 * stops start-up with its name. Answers the file read, or null.
 */
export function loadDotEnv(file = process.env.ENV_FILE): string | null {
  if (file === undefined || file === '') {
    if (!existsSync(dotEnvFile)) return null;
    file = dotEnvFile;
  } else if (!existsSync(file)) {
    throw new ConfigError(`Invalid configuration:\n  ENV_FILE: ${file} does not exist`);
  }
  process.loadEnvFile(file);
  return resolve(file);
}

const intFromEnv = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** An amount of coin as people write it ("20", "20.5", "20.00"), to hundredths; at least 0.01. */
const coinFromEnv = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .refine((v) => /^\d{1,9}(\.\d{1,2})?$/.test(v) && Number(v) > 0, 'must be an amount of coin of at least 0.01, e.g. 20.00')
    .transform((v) => Math.round(Number(v) * 100));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default(defaultDataDir),
  PLAYER_DIST: z.string().min(1).default(resolve(repoRoot, 'apps/player/dist')),
  ORIGINALS_DIST: z.string().min(1).default(resolve(repoRoot, 'apps/originals/dist')),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  CORS_ORIGINS: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SMS_PROVIDER: z.enum(['dev', 'log']).optional(),
  SMS_RESEND_SECONDS: intFromEnv(60),
  DEPOSIT_ORDER_TTL_SECONDS: intFromEnv(1800),
  RATE_LIMIT_GLOBAL_PER_MIN: intFromEnv(600),
  RATE_LIMIT_AUTH_PER_MIN: intFromEnv(20),
  RATE_LIMIT_SMS_PER_MIN: intFromEnv(5),
  RATE_LIMIT_ACCOUNT_PER_MIN: intFromEnv(300),
  SIGNATURE_FAILURES_PER_MIN: intFromEnv(30),
  CLIENT_EVENTS_PER_MIN: intFromEnv(120),
  CLIENT_EVENTS_PER_DAY: intFromEnv(5_000),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  SANDBOX_PAYMENT_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  ORIGINALS_PROVIDER_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  OPERATOR_TIME_ZONE: z
    .string()
    .default('UTC')
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, 'must be an IANA time zone, e.g. America/Sao_Paulo'),
  VALID_INVITE_DEPOSIT: coinFromEnv('20.00'),
  VALID_INVITE_BET: coinFromEnv('50.00'),
  OPERATOR_NAME: z.string().regex(/^[\w.-]{2,40}$/, 'must be 2 to 40 letters, digits, dots, dashes or underscores').default('operator'),
  OPERATOR_TOKEN: z.string().min(32, 'must be at least 32 characters').regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces').optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces').optional(),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  EVENT_CONSUMERS: z.enum(['on', 'off']).default('on'),
  LOG_REQUEST_SAMPLE: z.coerce.number().int('must be a whole number').min(0, 'must be 0 (none) or more').default(100),
  LOG_SLOW_MS: intFromEnv(1000),
  LIVE_MAX_SOCKETS: intFromEnv(20_000),
  LIVE_MAX_SOCKETS_PER_IP: intFromEnv(50),
  SESSION_CACHE_MAX_AGE_SECONDS: z.coerce.number().int('must be a whole number').min(0, 'must be 0 (off) or more').max(3600, 'must be at most 3600').default(60),
});

const lanes = (fallback: number) => z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(16, 'must be at most 16').default(fallback);
const spill = (fallback: number) => z.coerce.number().int('must be a whole number').min(1, 'must be at least 1').max(1000, 'must be at most 1000').default(fallback);

/** Group-commit tuning, overridable for measuring (decisions 007 and 011). */
const tuningSchema = z.object({
  LEDGER_LANES: lanes(2),
  LEDGER_SPILL: spill(8),
  GAME_CALL_LANES: lanes(2),
  GAME_CALL_SPILL: spill(16),
});

/** Every variable loadConfig reads (`.env.example` documents each: a test checks). */
export const configVariables: readonly string[] = [...Object.keys(envSchema.shape), ...Object.keys(tuningSchema.shape)];

export interface GroupCommitTuning {
  /** Ledger calls in flight at once, and queued transfers that open a second one. */
  ledgerLanes: number;
  ledgerSpill: number;
  /** Game wallet statements in flight at once, and queued calls that open a second one. */
  gameCallLanes: number;
  gameCallSpill: number;
}

function invalid(issues: z.core.$ZodIssue[]): ConfigError {
  const lines = issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  return new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/**
 * The group commits' tuning. loadConfig checks it at start, so a bad value stops the server with
 * its name; the services read it when they build their batchers.
 */
export function groupCommitTuning(env: NodeJS.ProcessEnv = process.env): GroupCommitTuning {
  const parsed = tuningSchema.safeParse(env);
  if (!parsed.success) throw invalid(parsed.error.issues);
  const t = parsed.data;
  return { ledgerLanes: t.LEDGER_LANES, ledgerSpill: t.LEDGER_SPILL, gameCallLanes: t.GAME_CALL_LANES, gameCallSpill: t.GAME_CALL_SPILL };
}

/** Addresses only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Signs the sandbox payment provider's webhooks outside production, where a real secret is required. */
const DEV_SANDBOX_PAYMENT_SECRET = 'playhall-dev-sandbox-payment-secret';
/** Signs the Originals games' wallet calls outside production, where a real secret is required. */
const DEV_ORIGINALS_PROVIDER_SECRET = 'playhall-dev-originals-provider-secret';

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  playerDist: string;
  hasPlayerDist: boolean;
  /** The built Originals game client (served under /originals/); its pages answer 503 when missing. */
  originalsDist: string;
  redisUrl: string | undefined;
  corsOrigins: string[];
  logLevel: string;
  /** Request log (plugins/app/request-log.ts): every Nth answered request logged (0 none, 1 all); errors, refusals and requests slower than slowMs always. */
  requestLog: { sampleEvery: number; slowMs: number };
  smsProvider: 'dev' | 'log';
  /** Minimum gap between two SMS codes to one phone. */
  smsResendSeconds: number;
  /** How long a deposit order waits for its payment before it reads as expired (30 min). */
  depositOrderTtlSeconds: number;
  rateLimit: { globalPerMin: number; authPerMin: number; smsPerMin: number; accountPerMin: number };
  /** Unsigned or badly signed provider and webhook calls one address may make a minute before all its calls answer 429. */
  signatureFailuresPerMin: number;
  /** Event tracking (decision 023): batches one address may send a minute, events one client (player or address) may store a UTC day. */
  clientEvents: { perMin: number; perClientPerDay: number };
  trustProxy: boolean;
  /** argon2 cost; tests use a light setting so the suite stays fast. */
  argon2: { memoryCost: number; timeCost: number };
  /** HMAC-SHA256 key of the sandbox payment provider's webhooks. */
  sandboxPaymentSecret: string;
  /** HMAC-SHA256 key of the `originals` platform's seamless wallet calls (other platforms keep theirs in game_platform_secret). */
  originalsProviderSecret: string;
  /**
   * Bearer token of the operator API (/operator/v1). Required in production; elsewhere, when unset,
   * main.ts makes one and keeps it in DATA_DIR/operator-token for the CLI. Null: the API is off.
   */
  operatorToken: string | null;
  /**
   * Who the operator token is, for the staff audit log: every staff action is recorded under the
   * identity that authenticated it, never a name in the request (one token, one identity, until
   * staff accounts exist).
   */
  operatorName: string;
  /** Bearer token of GET /metrics; null: /metrics answers direct connections from this machine only. */
  metricsToken: string | null;
  /** The operator's time zone (IANA): where "one per calendar day" rewards start a new day. */
  operatorTimeZone: string;
  /**
   * A valid invite (decision 065; product rules §4, Agent): an invitee who deposited and bet at
   * least these amounts (hundredths) since they registered with the inviter's code.
   */
  validInvite: { deposit: number; bet: number };
  /** Seeds the demo player and the sandbox payment channels; a developer's choice, refused in production. */
  seedDemo: boolean;
  /** The signing secrets are the public development values (outside production only). */
  devSecrets: boolean;
  /**
   * This instance runs the event runner's consumers (decision 022); `EVENT_CONSUMERS=off` leaves
   * them to other instances (each consumer's cursor lock lets one instance at a time run it) and
   * lets bench/consumers-bench.ts measure game rounds without them. The lag report still answers.
   */
  eventConsumers: boolean;
  /**
   * The session cache's safety net (decision 036): a cached session is read again from the
   * database once this old, though every revocation already empties it on every instance at once.
   * 0 turns the cache off.
   */
  sessionCacheMaxAgeSeconds: number;
  /**
   * Live pushes' bounds (decision 053): sockets on this instance and per client address (more are
   * closed with a code saying so), handshakes per address a minute (twice the sockets, at least
   * 30), the ping interval (a socket silent for two is dropped) and a slow reader's unsent bytes.
   */
  live: { maxSockets: number; maxSocketsPerIp: number; upgradesPerIpPerMin: number; pingIntervalMs: number; maxBufferedBytes: number };
  groupCommit: GroupCommitTuning;
}

export class ConfigError extends Error {}

/** Reads and validates the environment once at start; a bad value stops start-up with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const tuning = tuningSchema.safeParse(env);
  if (!parsed.success || !tuning.success) throw invalid([...(parsed.error?.issues ?? []), ...(tuning.error?.issues ?? [])]);
  const groupCommit = groupCommitTuning(env);
  const e = parsed.data;
  const isTest = e.NODE_ENV === 'test';
  const isProduction = e.NODE_ENV === 'production';
  if (isProduction && e.SMS_PROVIDER === 'dev') {
    throw new ConfigError('Invalid configuration:\n  SMS_PROVIDER: cannot be dev in production (its inbox at /dev/sms-inbox shows every login code to anyone)');
  }
  if (isProduction && e.SEED_DEMO === 'true') {
    throw new ConfigError('Invalid configuration:\n  SEED_DEMO: cannot be true in production (the demo player\'s password is public and the sandbox channels let players approve their own deposits)');
  }
  if (e.NODE_ENV === 'production' && !e.ORIGINALS_PROVIDER_SECRET) {
    throw new ConfigError('Invalid configuration:\n  ORIGINALS_PROVIDER_SECRET: is required in production (the dev default is public)');
  }
  if (e.NODE_ENV === 'production' && !e.OPERATOR_TOKEN) {
    throw new ConfigError('Invalid configuration:\n  OPERATOR_TOKEN: is required in production (it authorises staff actions such as approving withdrawals)');
  }
  // Outside production the server answers only this machine unless told otherwise: with the
  // public development secrets, whoever reaches it could sign paid webhooks and provider wins.
  const host = e.HOST ?? (isProduction ? '0.0.0.0' : 'localhost');
  const devSecrets = !isProduction && (!e.SANDBOX_PAYMENT_SECRET || !e.ORIGINALS_PROVIDER_SECRET);
  if (devSecrets && !isLoopbackHost(host)) {
    throw new ConfigError(
      `Invalid configuration:\n  HOST: ${host} opens the server to the network while the development secrets are in use ` +
        '(anyone who reaches it could sign a paid deposit webhook or a provider win): set SANDBOX_PAYMENT_SECRET and ' +
        'ORIGINALS_PROVIDER_SECRET to private values of 16 characters or more, or leave HOST unset to listen on this machine only',
    );
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    playerDist: resolve(e.PLAYER_DIST),
    hasPlayerDist: existsSync(resolve(e.PLAYER_DIST, 'index.html')),
    originalsDist: resolve(e.ORIGINALS_DIST),
    redisUrl: e.REDIS_URL,
    corsOrigins: e.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    logLevel: e.LOG_LEVEL ?? (isTest ? 'silent' : 'info'),
    requestLog: { sampleEvery: e.LOG_REQUEST_SAMPLE, slowMs: e.LOG_SLOW_MS },
    smsProvider: e.SMS_PROVIDER ?? (e.NODE_ENV === 'production' ? 'log' : 'dev'),
    smsResendSeconds: e.SMS_RESEND_SECONDS,
    depositOrderTtlSeconds: e.DEPOSIT_ORDER_TTL_SECONDS,
    rateLimit: {
      globalPerMin: e.RATE_LIMIT_GLOBAL_PER_MIN,
      authPerMin: e.RATE_LIMIT_AUTH_PER_MIN,
      smsPerMin: e.RATE_LIMIT_SMS_PER_MIN,
      accountPerMin: e.RATE_LIMIT_ACCOUNT_PER_MIN,
    },
    signatureFailuresPerMin: e.SIGNATURE_FAILURES_PER_MIN,
    clientEvents: { perMin: e.CLIENT_EVENTS_PER_MIN, perClientPerDay: e.CLIENT_EVENTS_PER_DAY },
    trustProxy: e.TRUST_PROXY === 'true',
    argon2: isTest ? { memoryCost: 1024, timeCost: 1 } : { memoryCost: 19_456, timeCost: 2 },
    sandboxPaymentSecret: e.SANDBOX_PAYMENT_SECRET ?? DEV_SANDBOX_PAYMENT_SECRET,
    originalsProviderSecret: e.ORIGINALS_PROVIDER_SECRET ?? DEV_ORIGINALS_PROVIDER_SECRET,
    operatorToken: e.OPERATOR_TOKEN ?? null,
    operatorName: e.OPERATOR_NAME,
    metricsToken: e.METRICS_TOKEN ?? null,
    operatorTimeZone: e.OPERATOR_TIME_ZONE,
    validInvite: { deposit: e.VALID_INVITE_DEPOSIT, bet: e.VALID_INVITE_BET },
    seedDemo: e.SEED_DEMO === undefined ? !isProduction : e.SEED_DEMO === 'true',
    devSecrets,
    eventConsumers: e.EVENT_CONSUMERS === 'on',
    sessionCacheMaxAgeSeconds: e.SESSION_CACHE_MAX_AGE_SECONDS,
    live: {
      maxSockets: e.LIVE_MAX_SOCKETS,
      maxSocketsPerIp: e.LIVE_MAX_SOCKETS_PER_IP,
      upgradesPerIpPerMin: Math.max(30, 2 * e.LIVE_MAX_SOCKETS_PER_IP),
      pingIntervalMs: 30_000,
      maxBufferedBytes: 256 * 1024,
    },
    groupCommit,
  };
}
