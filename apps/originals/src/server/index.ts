/**
 * The Originals game server as a Fastify plugin. The main server mounts it with one line
 * (apps/server/src/app.ts); run on its own, give it an HTTP wallet client and its own database.
 * It reaches the player only through the wallet's `authenticate` and moves money only through
 * signed bet / win / rollback calls (decision 012).
 */
import type { FastifyInstance } from 'fastify';
import { OriginalsApiPrefix } from '../api/schemas.ts';
import { registerClientPages } from './client-pages.ts';
import type { OriginalsDb } from './repo.ts';
import { registerApiRoutes } from './routes.ts';
import { createOriginalsService, type OriginalsService } from './service.ts';
import { createInjectWalletClient, type WalletClient } from './wallet-client.ts';
import { confirmStakePctFrom } from './limits.ts';

export { createHttpWalletClient, createInjectWalletClient, WalletUnavailable, type WalletClient } from './wallet-client.ts';
export type { OriginalsDb } from './repo.ts';
export { MAX_BET, MAX_WIN, MIN_BET, DEMO_START_BALANCE } from './limits.ts';

/** The wallet's platform code for our own games. */
export const ORIGINALS_PLATFORM_CODE = 'originals';
/** How often the sweeper looks for rounds to finish (crash ends, owed wins, abandoned bets). */
const SWEEP_MS = 5_000;

export interface OriginalsDeps {
  /** The host's drizzle database (tables from migration 20261121_0500_originals.sql). */
  db: OriginalsDb;
  /**
   * Unix ms source; the wallet checks signed timestamps against the same clock. A clock that
   * does not tick (tests move it by hand) gets no crash timers and no periodic sweep: calls and
   * `service.sweep()` settle what is due.
   */
  clock: { now(): Date; readonly ticks?: boolean };
  /** HMAC secret of the `originals` platform at the wallet. */
  secret: string;
  /** The built client (apps/originals/dist). */
  distDir: string;
  /** Defaults to the in-process client through `app.inject` (the main server's own wallet routes). */
  wallet?: WalletClient;
  validateResponses?: boolean;
  /** Every 5 s with a ticking clock, off otherwise; null turns it off (tests drive `service.sweep()`). */
  sweepEveryMs?: number | null;
  retryDelaysMs?: number[];
  /**
   * A stake above this share of the balance (per cent) asks the player once before it is placed;
   * defaults to ORIGINALS_CONFIRM_STAKE_PCT, else 50.
   */
  confirmStakePct?: number;
}

export interface OriginalsHandle {
  service: OriginalsService;
  /** Settles when the start-up sweep is done (crash rounds past their time settled, owed wins resent). */
  started: Promise<void>;
}

/** Mounts the game API at /originals/api and the client at /originals/. */
export async function registerOriginals(app: FastifyInstance, deps: OriginalsDeps): Promise<OriginalsHandle> {
  const now = () => deps.clock.now().getTime();
  const wallet = deps.wallet ?? createInjectWalletClient(app, { platformCode: ORIGINALS_PLATFORM_CODE, secret: deps.secret, now });
  const ticks = deps.clock.ticks !== false;
  const confirmStakePct = deps.confirmStakePct ?? confirmStakePctFrom(process.env.ORIGINALS_CONFIRM_STAKE_PCT);
  const service = createOriginalsService({ db: deps.db, wallet, now, log: app.log, crashTimers: ticks, confirmStakePct, ...(deps.retryDelaysMs ? { retryDelaysMs: deps.retryDelaysMs } : {}) });

  await app.register(
    async (scope) => {
      await scope.register(async (api) => registerApiRoutes(api, service, { validateResponses: deps.validateResponses ?? false }), {
        prefix: OriginalsApiPrefix.slice('/originals'.length),
      });
      await registerClientPages(scope, deps.distDir);
    },
    { prefix: '/originals' },
  );

  // After a restart nothing may stay unsettled: once the app is ready (the in-process wallet
  // client needs it), settle every crash round whose time has passed and resend owed wins.
  let markStarted: () => void = () => undefined;
  const started = new Promise<void>((r) => (markStarted = r));
  let interval: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    setImmediate(() => {
      service
        .sweep()
        .catch((err: unknown) => app.log.error({ err }, 'originals: start-up sweep failed'))
        .finally(markStarted);
    });
    const every = deps.sweepEveryMs === undefined ? (ticks ? SWEEP_MS : null) : deps.sweepEveryMs;
    if (every) {
      interval = setInterval(() => void service.sweep().catch((err: unknown) => app.log.error({ err }, 'originals: sweep failed')), every);
      interval.unref();
    }
  });
  app.addHook('onClose', async () => {
    if (interval) clearInterval(interval);
    service.close();
  });
  return { service, started };
}
