import { ActivityType, AppError, AwardId, ErrorCode, finishTaskEndpoint, getTaskUserEndpoint, receiveTaskAwardEndpoint } from '@playhall/contract';
import { must } from '../../../../plugins/app/endpoints.ts';
import { withTx, type Executor } from '../../../../db/tx.ts';
import { defineConsumer, type DomainEvent } from '../../../events/domain-events.service.ts';
import { getBalances } from '../../../ledger/ledger.service.ts';
import { award, awardAll, paidOrThrow, type AwardInput } from '../../award.service.ts';
import { assertEligible, isRunning } from '../../eligibility.ts';
import * as rewards from '../../rewards.repo.ts';
import type { Activity, ActivityKind, KindContext } from '../kind.ts';
import * as repo from './tasks.repo.ts';
import {
  checkable,
  contribution,
  dotsOf,
  livenessBars,
  NO_FACTS,
  periodKeysAt,
  periodOf,
  periodsAt,
  settings,
  taskStates,
  type ChestPeriod,
  type Facts,
  type Periods,
  type Settings,
  type Task,
  type TaskEvent,
} from './tasks.rules.ts';

/**
 * Tasks (activity 42, issue 17 §4, decision 047): daily, weekly and novice tasks whose progress the
 * `rewards.tasks` consumer adds from events (in the operator's day or week of the event's own time),
 * claimed with receiveTaskAward for their award and liveness (award 4001); liveness chests open at
 * thresholds of the day's and the week's liveness. Every grant goes through `award`.
 */
const NAME = 'tasks';
type TasksActivity = Activity<Settings>;

const CHEST_PERIODS: ChestPeriod[] = ['daily', 'weekly'];
const taskKey = (a: TasksActivity, userId: number, period: string, t: Task) => `${NAME}:${a.id}:${userId}:${period}:${t.id}`;
const chestKey = (a: TasksActivity, userId: number, p: Periods, period: ChestPeriod, index: number) =>
  `${NAME}:${a.id}:${userId}:chest:${period === 'daily' ? p.day : p.week}:${index}`;

/** The player's facts now, as one SQL expression (the red dots' statement and getTaskUser read the same). */
function factsOf(ctx: KindContext, a: TasksActivity, userId: number, p: Periods) {
  const chests = CHEST_PERIODS.flatMap((period) => a.settings.chests[period].map((_, i) => ctx.grantedExpr(chestKey(a, userId, p, period, i))));
  return repo.factsExpr(userId, a.id, p, chests);
}

async function stateOf(x: Executor, ctx: KindContext, a: TasksActivity, userId: number, now: Date) {
  const p = periodsAt(ctx.timeZone, now);
  const facts = await repo.readFacts(x, factsOf(ctx, a, userId, p));
  return { tasks: taskStates(a.settings, facts, p), liveness: livenessBars(a.settings, facts, p) };
}

/** The event as the tasks read it, at its own time (a deposit: when it was paid); null when it counts for none. */
function taskEvent(e: DomainEvent<(typeof EVENTS)[number]>): TaskEvent | null {
  switch (e.name) {
    case 'game.round_settled':
      return e.payload.status === 'settled' ? { kind: 'round', userId: e.payload.userId, at: e.createdAt, bet: e.payload.bet, gameId: e.payload.gameId, typeId: e.payload.typeId } : null;
    case 'deposit.credited':
      return { kind: 'deposit', userId: e.payload.userId, at: new Date(e.payload.paidAt), amount: e.payload.amount };
    case 'account.logged_in':
      return { kind: 'login', userId: e.payload.userId, at: e.createdAt };
    case 'account.phone_bound':
      return { kind: 'bindPhone', userId: e.payload.userId, at: e.createdAt };
    case 'referral.invite_valid':
      return { kind: 'invite', userId: e.payload.inviterId, at: new Date(e.payload.at) };
  }
}
const EVENTS = ['game.round_settled', 'deposit.credited', 'account.logged_in', 'account.phone_bound', 'referral.invite_valid'] as const;

/** Adds what `events` contribute to the tasks of `activities` into `into` (keyed per row), the activities that ran when each happened. */
function collect(tz: string, activities: TasksActivity[], events: TaskEvent[]) {
  const into = new Map<string, repo.ProgressAdd>();
  // Offsets change only on quarter hours: events of the same quarter share their periods.
  const quarters = new Map<number, { day: string; week: string }>();
  for (const e of events) {
    const q = Math.floor(e.at.getTime() / 900_000);
    let p = quarters.get(q);
    if (!p) {
      p = periodKeysAt(tz, e.at);
      quarters.set(q, p);
    }
    for (const a of activities) {
      if (!isRunning(a, e.at) || e.at < a.createdAt) continue;
      for (const t of a.settings.tasks) {
        const c = contribution(t, e, p.day);
        if (!c) continue;
        const period = periodOf(t, p);
        const key = `${e.userId}|${a.id}|${period}|${t.id}`;
        const row = into.get(key) ?? { u: e.userId, a: a.id, p: period, t: t.id, n: 0, m: null };
        if ('add' in c) row.n += c.add;
        else if (!row.m?.includes(c.mark)) row.m = [...(row.m ?? []), c.mark];
        into.set(key, row);
      }
    }
  }
  return [...into.values()];
}

export const tasksKind: ActivityKind<Settings, Facts> = {
  type: ActivityType.tasks,
  name: NAME,
  settings,
  // What a visitor sees (preLogin's activityMap): the tasks and chests as configured, without progress.
  detail: (a) => ({ tasks: a.settings.tasks, chests: a.settings.chests }),

  dotFacts: (ctx, a, userId, now) => factsOf(ctx, a, userId, periodsAt(ctx.timeZone, now)),
  redDots: (facts, ctx, a, now) => dotsOf(a.settings, facts ?? NO_FACTS, periodsAt(ctx.timeZone, now)),

  consumers: (ctx) => [
    defineConsumer({
      name: `rewards.${NAME}`,
      events: EVENTS,
      batchSize: 1_000,
      // Set-based: one read of the activities, one upsert of the amounts the batch adds (one more for marks).
      async handle(tx, events) {
        const activities = (await rewards.enabledActivities(tx, ActivityType.tasks)).flatMap((row) => {
          const parsed = settings.safeParse(row.settings);
          return parsed.success ? [{ ...row, settings: parsed.data }] : [];
        });
        if (activities.length === 0) return;
        const adds = collect(ctx.timeZone, activities, events.flatMap((e) => taskEvent(e) ?? []));
        await repo.addProgress(tx, adds, ctx.clock.now());
      },
    }),
  ],

  routes(registry, ctx, running) {
    const current = async () => {
      const a = await running(ActivityType.tasks);
      if (!a) throw new AppError(ErrorCode.activityNotRunning);
      return a;
    };
    const taskOf = (a: TasksActivity, id: string) => {
      const t = a.settings.tasks.find((x) => x.id === id);
      if (!t) throw new AppError(ErrorCode.badRequest, `There is no task "${id}"`);
      return t;
    };

    registry.handle(getTaskUserEndpoint, async (c) => {
      const { userId } = must(c.session);
      const a = await current();
      return { activityId: a.id, timeZone: ctx.timeZone, ...(await stateOf(ctx.db, ctx, a, userId, ctx.clock.now())), validInvite: ctx.validInvite };
    });

    // Checks a condition that is checked on request: login (the player is here today), bind phone (the
    // account has one) and follow (the player opened the channel: once per person, like a one-off grant).
    registry.handle(finishTaskEndpoint, async (c, b) => {
      const { userId } = must(c.session);
      const a = await current();
      const t = taskOf(a, b.taskId);
      if (!checkable(t)) throw new AppError(ErrorCode.rewardNotEligible, 'This task moves with your play, deposits and invites');
      return withTx(ctx.db, async (tx) => {
        const now = ctx.clock.now();
        const type = t.condition.type;
        const answer = async () => ({ task: (await stateOf(tx, ctx, a, userId, now)).tasks.find((x) => x.id === t.id)! });
        if (type === 'follow') {
          // Opened before by this account (another tap, concurrent or not): the task as it stands.
          const before = await answer();
          if (before.task.status !== 'doing') return before;
        }
        try {
          await assertEligible(tx, a, userId, now, type === 'follow' ? { oncePerPerson: { scope: `task:${t.id}` } } : {});
        } catch (err) {
          // A concurrent tap of this account took the follow's marks first: it completed the task.
          if (type === 'follow' && err instanceof AppError && err.code === ErrorCode.rewardAlreadyReceived) return answer();
          throw err;
        }
        if (type === 'bindPhone' && !(await rewards.personOf(tx, userId))?.mobile) {
          throw new AppError(ErrorCode.rewardNotEligible, 'Bind a phone number to your account first');
        }
        const e: TaskEvent = type === 'login' ? { kind: 'login', userId, at: now } : type === 'bindPhone' ? { kind: 'bindPhone', userId, at: now } : { kind: 'follow', userId, at: now, taskId: t.id };
        await repo.addProgress(tx, collect(ctx.timeZone, [{ ...a, settings: { ...a.settings, tasks: [t] } }], [e]), now);
        return answer();
      });
    });

    registry.handle(receiveTaskAwardEndpoint, async (c, b) => {
      const { userId } = must(c.session);
      if ((b.taskId === undefined) === (b.chest === undefined)) throw new AppError(ErrorCode.badRequest, 'Send a taskId or a chest');
      const a = await current();
      return withTx(ctx.db, async (tx) => {
        const now = ctx.clock.now();
        await assertEligible(tx, a, userId, now);
        const p = periodsAt(ctx.timeZone, now);
        const base = { userId, reason: `reward_${NAME}`, activityId: a.id, at: now };
        const paid = [];
        if (b.taskId !== undefined) {
          const t = taskOf(a, b.taskId);
          const period = periodOf(t, p);
          // The row's claim mark is the guard: ten taps at once, one marks it, the rest find it marked.
          const claimed = await repo.claimTask(tx, { userId, activityId: a.id, period, taskId: t.id }, t.target, now);
          if (claimed === 'received') throw new AppError(ErrorCode.rewardAlreadyReceived);
          if (claimed === 'incomplete') throw new AppError(ErrorCode.rewardNotEligible, 'This task is not complete yet');
          const key = taskKey(a, userId, period, t);
          // The task's award and its liveness in one award list (decision 056).
          const inputs: AwardInput[] = [{ ...base, awardId: t.award.awardId, count: t.award.count, multiplier: t.award.multiplier, key }];
          if (t.liveness > 0) inputs.push({ ...base, awardId: AwardId.liveness, count: t.liveness, key: `${key}:liveness` });
          paid.push(...paidOrThrow(await awardAll(tx, inputs)));
        } else {
          const { period, index } = b.chest!;
          const chest = a.settings.chests[period][index];
          if (!chest) throw new AppError(ErrorCode.badRequest, `There is no ${period} chest ${index}`);
          const { liveness } = await stateOf(tx, ctx, a, userId, now);
          if (liveness[period].value < chest.liveness) throw new AppError(ErrorCode.rewardNotEligible, `This chest opens at ${chest.liveness} liveness`);
          const got = await award(tx, { ...base, awardId: chest.award.awardId, count: chest.award.count, multiplier: chest.award.multiplier, key: chestKey(a, userId, p, period, index) });
          if (got.replayed) throw new AppError(ErrorCode.rewardAlreadyReceived);
          paid.push(got);
        }
        const { coin } = await getBalances(tx, userId);
        return { awards: paid.map((x) => ({ awardId: x.awardId, count: x.count, turnover: x.turnover })), coin };
      });
    });
  },
};

