import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  ErrorCode,
  accountLoginEndpoint,
  accountLoginSmsEndpoint,
  accountRegist4Endpoint,
  accountRegistEndpoint,
  afterLoginInfoEndpoint,
  bindAccountEndpoint,
  forgetPasswordEndpoint,
  initPasswordEndpoint,
  logoutEndpoint,
  mobileField,
  preLoginEndpoint,
  refreshDataEndpoint,
  smsSendEndpoint,
  updateProfileEndpoint,
} from '@playhall/contract';
import type { ActivityView } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { answerMemo, type CallContext, type EndpointRegistry, must } from '../../plugins/app/endpoints.ts';
import { validationError } from '../../plugins/app/errors.ts';
import type { ContentService } from '../content/content.service.ts';
import type { GameCatalogue } from '../games/catalogue.service.ts';
import type { AuthService } from './auth.service.ts';
import type { ProfileService } from './profile.service.ts';
import type { SessionMeta } from './sessions.service.ts';
import { normalizeMobile, type SmsService } from './sms.service.ts';
import { listInbox } from './sms.repo.ts';

function metaOf(ctx: CallContext, deviceId?: string): SessionMeta {
  const ua = ctx.headers['user-agent'];
  return { ip: ctx.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null, deviceId: deviceId ?? null };
}

export function registerAccountRoutes(
  registry: EndpointRegistry,
  s: {
    auth: AuthService;
    profile: ProfileService;
    sms: SmsService;
    content: ContentService;
    games: GameCatalogue;
    /** The running activities (the rewards engine's), for preLogin and getAfterLoginInfoWeb. */
    activities: () => Promise<{ activityIds: number[]; activityMap: Record<string, ActivityView> }>;
  },
): void {
  registry.handle(
    smsSendEndpoint,
    async (ctx, b) => s.sms.send({ mobile: b.mobile, purpose: b.type, ip: ctx.ip, userId: ctx.session?.userId ?? null }),
    { rateLimit: 'sms' },
  );
  registry.handle(accountRegistEndpoint, async (ctx, b) => s.auth.registerWithAccount(b, metaOf(ctx, b.deviceId)), { rateLimit: 'auth' });
  registry.handle(accountRegist4Endpoint, async (ctx, b) => s.auth.registerWithPhone(b, metaOf(ctx, b.deviceId)), { rateLimit: 'auth' });
  registry.handle(accountLoginEndpoint, async (ctx, b) => s.auth.loginWithPassword(b, metaOf(ctx, b.deviceId)), { rateLimit: 'auth' });
  registry.handle(accountLoginSmsEndpoint, async (ctx, b) => s.auth.loginWithSms(b, metaOf(ctx, b.deviceId)), { rateLimit: 'auth' });
  registry.handle(forgetPasswordEndpoint, async (_ctx, b) => s.profile.resetPassword(b), { rateLimit: 'auth' });
  registry.handle(initPasswordEndpoint, async (ctx, b) => s.profile.setPassword(must(ctx.session), b));
  registry.handle(bindAccountEndpoint, async (ctx, b) => s.profile.bindPhone(must(ctx.session), b));
  registry.handle(updateProfileEndpoint, async (ctx, b) => s.profile.updateProfile(must(ctx.session), b));
  registry.handle(logoutEndpoint, async (ctx) => s.profile.logout(must(ctx.session)));

  // A visitor's preLogin is configuration only: its text is made once per language and change (decision 054).
  const visitorAnswer = answerMemo<string, z.input<typeof preLoginEndpoint.response>>();
  // Public, but a token that is sent and no longer valid answers 401 so the client logs out.
  registry.handle(preLoginEndpoint, async (ctx, b) => {
    if (ctx.hadInvalidToken) throw new AppError(ErrorCode.unauthorized);
    const [config, queue, notices] = await Promise.all([
      s.content.getConfigFields(),
      s.content.getCustomerServiceQueue(),
      s.content.getNotices(b.lang),
    ]);
    const [user, gameLists, activityIds] = await Promise.all([
      ctx.session ? s.profile.getUser(ctx.session) : null,
      s.games.listsUnlessCurrent(b.gameListVersion, config.gameListVersion),
      s.activities(),
    ]);
    const build = () => ({ ...config, appCustomerServiceQueue: queue, notices, user, gameLists, activityIds });
    if (user) return build();
    return visitorAnswer(b.lang ?? '', [config, queue, notices, gameLists, activityIds], build);
  }, { beforeRouting: 'visitors' });

  // The player's hot reads: answered before routing when sent with a token (decision 070).
  registry.handle(refreshDataEndpoint, async (ctx) => s.profile.refreshData(ctx.session), { beforeRouting: 'players' });

  registry.handle(afterLoginInfoEndpoint, async (ctx) => {
    const session = must(ctx.session);
    const [{ user, appGameDataUser }, activityIds] = await Promise.all([s.profile.afterLogin(session), s.activities()]);
    return {
      user,
      appGameDataUser,
      inviteCode: user.inviteCode,
      // The agent activity that referred the player: none until the agent activities exist.
      aid: null,
      activityIds,
    };
  }, { beforeRouting: 'players' });
}

const inboxQuery = z.object({ mobile: mobileField, limit: z.coerce.number().int().min(1).max(50).default(10) });

/** GET /dev/sms-inbox?mobile=… : what the dev SMS provider "sent". Registered only with SMS_PROVIDER=dev. */
export function registerDevInbox(app: FastifyInstance, db: Db): void {
  app.get('/dev/sms-inbox', async (req) => {
    const parsed = inboxQuery.safeParse(req.query);
    if (!parsed.success) throw validationError(parsed.error);
    const rows = await listInbox(db, normalizeMobile(parsed.data.mobile), parsed.data.limit);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  });
}
