import { ActivityType, AppError, awardOf, ErrorCode, type ActivityInput, type ActivityPatch, type ActivityView, type AwardSumEntry, type LockingBonus, type Money, type OperatorActivity, type RedDots } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { CONFIG_CHANNEL, type ChangeFeed } from '../../db/change-feed.ts';
import { withTx, type Executor } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { insertAudit } from '../staff-audit/staff-audit.service.ts';
import { getBalances } from '../ledger/ledger.service.ts';
import { awardAll, paidOrThrow } from './award.service.ts';
import { assertEligible, isRunning } from './eligibility.ts';
import type { Activity, ActivityKind, ClaimContext, KindContext } from './kinds/kind.ts';
import type { LivePublisher } from '../live/live.types.ts';
import { KINDS, kindOf } from './kinds/index.ts';
import * as repo from './rewards.repo.ts';
import { referralsConsumer, type ValidInvite } from './referrals.ts';

export { award, type AwardInput, type AwardResult } from './award.service.ts';


const NO_DOTS: RedDots = {
  task: false,
  mail: false,
  signupBonus: false,
  fund: false,
  agent: false,
  freeBonus: false,
  spin: false,
  taskAward: false,
  agent5: false,
  vipAward: false,
  rebate: false,
  signIn: false,
  emailAward: false,
  canReceiveDrawChance: false,
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function settingsOf(kind: ActivityKind<unknown>, raw: unknown): unknown {
  const parsed = kind.settings.safeParse(raw);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: ['settings', ...i.path].join('.'), message: i.message }));
    throw new AppError(ErrorCode.activitySettingsInvalid, `The activity settings are not valid: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}`, { issues });
  }
  return parsed.data;
}

function kindFor(type: number): ActivityKind<unknown> {
  const kind = kindOf(type);
  if (!kind) throw new AppError(ErrorCode.activityTypeUnavailable, `Activity type ${type} is not run by this release (available: ${KINDS.map((k) => k.type).join(', ')})`);
  return kind;
}

function operatorView(row: repo.ActivityRow, now: Date): OperatorActivity {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    sort: row.sort,
    enabled: row.enabled,
    running: isRunning(row, now),
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    themeUrl: row.themeUrl,
    clickType: row.clickType,
    clickAction: row.clickAction,
    unloginShowStatus: row.unloginShowStatus,
    rules: row.rules,
    settings: row.settings,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function playerView(kind: ActivityKind<unknown>, a: Activity<unknown>): ActivityView {
  return {
    id: a.id,
    type: a.type,
    name: a.name,
    sort: a.sort,
    clickType: a.clickType,
    clickAction: a.clickAction,
    unloginShowStatus: a.unloginShowStatus,
    themeUrl: a.themeUrl,
    endsAt: iso(a.endsAt),
    rules: a.rules,
    detail: kind.detail?.(a) ?? {},
  };
}

/**
 * The rewards engine (issue 14, decision 028): activities as operator configuration, each run by
 * the kind of its type; the player's running activities, red dots and reward records. Grants go
 * through `award` alone.
 */
export function createRewardsService(deps: { db: Db; clock: Clock; timeZone: string; validInvite: ValidInvite; changes?: ChangeFeed; live?: LivePublisher }) {
  const { db, clock } = deps;
  const ctx: KindContext = {
    db,
    clock,
    timeZone: deps.timeZone,
    validInvite: deps.validInvite,
    grantedExpr: (key) => repo.grantExistsExpr(`reward:${key}`),
    ...(deps.live ? { live: deps.live } : {}),
  };

  /**
   * The enabled activities of a kind this release runs, settings parsed by their kind, cached in
   * process with the activity table's version they were read at (decision 031). Their windows are
   * checked against the clock on each call. This service's own changes drop the cache; a change by
   * another process (another server instance; the operator CLI goes through one) shows as a new
   * version, which reloads it.
   */
  interface Enabled {
    version: string;
    list: { kind: ActivityKind<unknown>; activity: Activity<unknown> }[];
  }
  let cache: Promise<Enabled> | null = null;
  // Any instance's (or a direct) write to the activity table, once committed, empties the cache;
  // while the feed is live, the running list needs no version read (decision 040).
  const { changes } = deps;
  changes?.on(CONFIG_CHANNEL, (table) => {
    if (table === 'activity') cache = null;
  });
  changes?.onLive(() => (cache = null));

  async function load(): Promise<Enabled> {
    // The version first: a change between the two reads leaves an older version with newer rows,
    // which only costs one more reload, never a stale list taken for current.
    const version = await repo.activityVersion(db);
    const rows = await repo.enabledActivities(db);
    const list = rows.flatMap((row) => {
      const kind = kindOf(row.type);
      const parsed = kind?.settings.safeParse(row.settings);
      return kind && parsed?.success ? [{ kind, activity: { ...row, settings: parsed.data } }] : [];
    });
    return { version, list };
  }

  /** The cached list (loaded when there is none); `stale`: a version the caller read that differs from the cache's reloads it. */
  async function enabled(stale?: string): Promise<Enabled> {
    const held = cache;
    if (held && stale !== undefined && (await held).version !== stale) {
      if (cache === held) cache = null;
    }
    if (!cache) {
      const loading = load();
      cache = loading;
      loading.catch(() => {
        if (cache === loading) cache = null;
      });
    }
    return cache;
  }

  /**
   * Running activities of a kind this release runs, at the clock's now: the cache, trusted while the
   * change feed is live, else checked against the table's version (one cheap statement).
   */
  async function running(): Promise<Running> {
    const now = clock.now();
    const list = (await enabled(changes?.live ? undefined : await repo.activityVersion(db))).list;
    const found = list.filter((r) => isRunning(r.activity, now));
    // The same entries as last time answer the same array, so the views made from it are made once
    // (views below; decision 054): identity says "unchanged" exactly, the entries being immutable.
    const last = lastRunning;
    if (last.length === found.length && found.every((r, i) => r === last[i])) return last;
    lastRunning = found;
    return found;
  }
  type Running = { kind: ActivityKind<unknown>; activity: Activity<unknown> }[];
  let lastRunning: Running = [];
  /** The player's views of the running list, made once per list (preLogin and the config answers reuse their text, decision 054). */
  let views: { of: Running; ids: { activityIds: number[]; activityMap: Record<string, ActivityView> }; details: Map<number, Record<string, unknown> | null> } | null = null;
  function viewsOf(list: Running) {
    if (views?.of !== list) {
      const shown = list.map((r) => playerView(r.kind, r.activity));
      views = {
        of: list,
        ids: { activityIds: shown.map((a) => a.id), activityMap: Object.fromEntries(shown.map((a) => [String(a.id), a])) },
        details: new Map(),
      };
    }
    return views;
  }

  async function audited<T>(actor: string, action: string, target: (r: T) => string, details: Record<string, unknown>, fn: (tx: Executor) => Promise<T>): Promise<T> {
    return withTx(db, async (tx) => {
      const out = await fn(tx);
      await insertAudit(tx, { actor, action, target: target(out), details, at: clock.now() });
      return out;
    });
  }

  return {
    context: ctx,
    kinds: KINDS,
    running,
    /** The event consumers, for the event runner (each with its own cursor): valid invites (decision 065), then the kinds'. */
    consumers: () => [referralsConsumer({ clock, rule: deps.validInvite }), ...KINDS.flatMap((k) => k.consumers?.(ctx) ?? [])],

    /** The first running activity of a type (sort order), for the kind's own calls. */
    async runningOf(type: number): Promise<Activity<unknown> | null> {
      return (await running()).find((r) => r.activity.type === type)?.activity ?? null;
    },

    /** What the player sees of the first running activity of a type beyond the common fields (its kind's `detail`), or null when none runs. */
    async detailOf(type: number): Promise<Record<string, unknown> | null> {
      const list = await running();
      const { details } = viewsOf(list);
      if (!details.has(type)) {
        const r = list.find((x) => x.activity.type === type);
        details.set(type, r ? (r.kind.detail?.(r.activity) ?? {}) : null);
      }
      return details.get(type)!;
    },

    // ---- operators ----
    async list(): Promise<OperatorActivity[]> {
      const now = clock.now();
      return (await repo.listActivities(db)).map((r) => operatorView(r, now));
    },

    async get(id: number): Promise<OperatorActivity> {
      const row = await repo.activityById(db, id);
      if (!row) throw new AppError(ErrorCode.activityNotFound);
      return operatorView(row, clock.now());
    },

    /** Creates an activity, disabled: an operator enables it once it reads right. */
    async create(input: ActivityInput, actor: string): Promise<OperatorActivity> {
      const kind = kindFor(input.type);
      const settings = settingsOf(kind, input.settings) as Record<string, unknown>;
      const now = clock.now();
      const row = await audited(actor, 'activity.create', (r: repo.ActivityRow) => `activity:${r.id}`, { type: input.type, name: input.name }, (tx) =>
        repo.insertActivity(tx, {
          type: input.type,
          name: input.name,
          sort: input.sort,
          enabled: false,
          startsAt: input.startsAt ? new Date(input.startsAt) : null,
          endsAt: input.endsAt ? new Date(input.endsAt) : null,
          themeUrl: input.themeUrl,
          clickType: input.clickType,
          clickAction: input.clickAction,
          unloginShowStatus: input.unloginShowStatus,
          rules: Object.fromEntries(Object.entries(input.rules).filter(([, v]) => v !== undefined)) as Record<string, string>,
          settings,
          createdAt: now,
          updatedAt: now,
        }),
      );
      cache = null; // committed: the next call reads the change
      await changes?.barrier(); // and every other instance's next call too
      return operatorView(row, now);
    },

    async update(id: number, patch: ActivityPatch, actor: string): Promise<OperatorActivity> {
      const now = clock.now();
      const row = await audited(actor, 'activity.update', () => `activity:${id}`, { changed: Object.keys(patch) }, async (tx) => {
        const before = await repo.activityById(tx, id, true);
        if (!before) throw new AppError(ErrorCode.activityNotFound);
        const startsAt = patch.startsAt === undefined ? before.startsAt : patch.startsAt ? new Date(patch.startsAt) : null;
        const endsAt = patch.endsAt === undefined ? before.endsAt : patch.endsAt ? new Date(patch.endsAt) : null;
        if (startsAt && endsAt && endsAt <= startsAt) throw new AppError(ErrorCode.badRequest, 'endsAt must be after startsAt');
        return repo.updateActivity(tx, id, {
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.sort !== undefined && { sort: patch.sort }),
          startsAt,
          endsAt,
          ...(patch.themeUrl !== undefined && { themeUrl: patch.themeUrl }),
          ...(patch.clickType !== undefined && { clickType: patch.clickType }),
          ...(patch.clickAction !== undefined && { clickAction: patch.clickAction }),
          ...(patch.unloginShowStatus !== undefined && { unloginShowStatus: patch.unloginShowStatus }),
          ...(patch.rules !== undefined && { rules: Object.fromEntries(Object.entries(patch.rules).filter(([, v]) => v !== undefined)) as Record<string, string> }),
          ...(patch.settings !== undefined && { settings: settingsOf(kindFor(before.type), patch.settings) as Record<string, unknown> }),
          updatedAt: now,
        });
      });
      cache = null; // committed: the next call reads the change
      await changes?.barrier(); // and every other instance's next call too
      return operatorView(row, now);
    },

    async setEnabled(id: number, enabled: boolean, actor: string): Promise<OperatorActivity> {
      const now = clock.now();
      const row = await audited(actor, enabled ? 'activity.enable' : 'activity.disable', () => `activity:${id}`, {}, async (tx) => {
        const before = await repo.activityById(tx, id, true);
        if (!before) throw new AppError(ErrorCode.activityNotFound);
        if (enabled) settingsOf(kindFor(before.type), before.settings);
        return repo.updateActivity(tx, id, { enabled, updatedAt: now });
      });
      cache = null; // committed: the next call reads the change
      await changes?.barrier(); // and every other instance's next call too
      return operatorView(row, now);
    },

    // ---- players ----
    /**
     * activityReceive: what the activity's kind pays now, after the engine's eligibility check, in
     * one transaction. A claim whose every award was already paid (a concurrent tap) is 5003.
     * `context`: what the request states about itself (installed app), handed to the kind as is.
     */
    async receive(userId: number, activityId: number, context: ClaimContext = {}) {
      const row = await repo.activityById(db, activityId);
      const kind = row && kindOf(row.type);
      if (!row || !kind?.claim) throw new AppError(ErrorCode.activityNotFound);
      const activity: Activity<unknown> = { ...row, settings: settingsOf(kind, row.settings) };
      const claim = kind.claim;
      return withTx(db, async (tx) => {
        const now = clock.now();
        await assertEligible(tx, activity, userId, now, { oncePerPerson: kind.oncePerPerson });
        const claims = await claim(tx, ctx, activity, userId, context);
        // Every award of the claim in one list (decision 056); a refusal rolls the claim back whole.
        const paid = paidOrThrow(
          await awardAll(tx, claims.map((c) => ({ userId, awardId: c.awardId, count: c.count, key: c.key, multiplier: c.multiplier, reason: `reward_${kind.name}`, activityId, at: now }))),
        );
        if (!paid.length || paid.every((p) => p.replayed)) throw new AppError(ErrorCode.rewardAlreadyReceived);
        const { coin } = await getBalances(tx, userId);
        return { activityId, awards: paid.map((p) => ({ awardId: p.awardId, count: p.count, turnover: p.turnover })), coin };
      });
    },

    /** The running activities in sort order and each by id (getActivityIds, getAfterLoginInfoWeb). */
    async activityIds(): Promise<{ activityIds: number[]; activityMap: Record<string, ActivityView> }> {
      return viewsOf(await running()).ids;
    },

    async getActivityIds(userId: number) {
      const [ids, total] = await Promise.all([this.activityIds(), repo.totalRechargeOf(db, userId)]);
      return { ...ids, hasTurntable: ids.activityIds.some((id) => ids.activityMap[String(id)]!.type === ActivityType.inviteUserSpin), totalRecharge: Number(total) };
    },

    /**
     * Every red dot, each computed by the kind that owns it; all false for a visitor. One statement
     * (decision 031): the activity table's version and every running kind's facts (`dotFacts`),
     * then each kind's rule on its facts. A version other than the cache's (another process changed
     * an activity) reloads the list and reads again.
     */
    async redDots(userId: number | null): Promise<RedDots> {
      const dots = { ...NO_DOTS };
      if (userId === null) return dots;
      const now = clock.now();
      let state = await enabled();
      for (let attempt = 1; ; attempt++) {
        const dotted = state.list.filter((r) => r.kind.dotFacts && r.kind.redDots && isRunning(r.activity, now));
        const { version, facts } = await repo.readDotFacts(db, dotted.map((r) => r.kind.dotFacts!(ctx, r.activity, userId, now)));
        if (version === state.version || attempt === 3) {
          dotted.forEach((r, i) => {
            for (const [k, v] of Object.entries(r.kind.redDots!(facts[i], ctx, r.activity, now)) as [keyof RedDots, boolean][]) dots[k] ||= v;
          });
          return dots;
        }
        state = await enabled(version);
      }
    },

    async statusList(userId: number | null) {
      const dots = await this.redDots(userId);
      return {
        spinAwardFlag: dots.spin,
        taskAwardFlag: dots.taskAward,
        agent5AwardFlag: dots.agent5,
        vipAwardFlag: dots.vipAward,
        signInFlag: dots.signIn,
        emailAwardFlag: dots.emailAward,
        canReceiveDrawChance: dots.canReceiveDrawChance,
        redDots: dots,
      };
    },

    /**
     * The bonuses that lock the player's coin now (the withdraw screen names them), newest first:
     * their grants with wagering since turnover last reached 0, whose amounts add up to
     * `bonusLocked` (the award function is the only writer of the lock). Empty when nothing is locked.
     */
    async lockingBonuses(userId: number, bonusLocked: number): Promise<LockingBonus[]> {
      if (bonusLocked <= 0) return [];
      const rows = await repo.lockingGrants(db, userId, BigInt(bonusLocked));
      return rows.map((r) => ({
        activityId: r.activityId,
        activityType: r.activityType,
        activityName: r.activityName,
        amount: r.count as Money,
        turnover: r.turnover as Money,
        at: r.createdAt.toISOString(),
      }));
    },

    /**
     * activityAwardGetSum: the player's grants summed by activity and by the asset their award
     * credits (the catalogue's `asset`: jackpot tiers and bonus coin both add up as coin), the
     * activity with the latest grant first (the repo's order); and the total per asset over every activity.
     */
    async awardSums(userId: number): Promise<{ list: AwardSumEntry[]; totals: { asset: string; count: number; grants: number }[] }> {
      const byKey = new Map<string, AwardSumEntry>();
      for (const r of await repo.grantSums(db, userId)) {
        const asset = awardOf(r.awardId)?.asset ?? `award:${r.awardId}`;
        const key = `${r.activityId ?? ''}|${asset}`;
        const last = r.lastAt.toISOString();
        const seen = byKey.get(key);
        if (seen) {
          seen.count += r.count;
          seen.turnover = (seen.turnover + r.turnover) as Money;
          seen.grants += r.grants;
          if (last > seen.lastTime) seen.lastTime = last;
        } else {
          byKey.set(key, { activityId: r.activityId, activityType: r.activityType, activityName: r.activityName, asset, count: r.count, turnover: r.turnover as Money, grants: r.grants, lastTime: last });
        }
      }
      const list = [...byKey.values()];
      const totals = new Map<string, { asset: string; count: number; grants: number }>();
      for (const e of list) {
        const t = totals.get(e.asset) ?? { asset: e.asset, count: 0, grants: 0 };
        t.count += e.count;
        t.grants += e.grants;
        totals.set(e.asset, t);
      }
      return { list, totals: [...totals.values()] };
    },

    async awardLog(userId: number, q: { pageNum: number; pageSize: number; activityType?: number; awardId?: number; from?: Date; to?: Date }) {
      const { rows, total } = await repo.grantLog(db, { userId, activityType: q.activityType, awardId: q.awardId, from: q.from, to: q.to, limit: q.pageSize, offset: (q.pageNum - 1) * q.pageSize });
      return {
        list: rows.map((r) => ({
          id: r.id,
          activityId: r.activityId,
          activityType: r.activityType,
          activityName: r.activityName,
          awardId: r.awardId,
          count: r.count,
          reason: r.reason,
          turnover: r.turnover,
          createTime: r.createdAt.toISOString(),
        })),
        pageNum: q.pageNum,
        pageSize: q.pageSize,
        total,
        pages: Math.ceil(total / q.pageSize),
      };
    },
  };
}

export type RewardsService = ReturnType<typeof createRewardsService>;
