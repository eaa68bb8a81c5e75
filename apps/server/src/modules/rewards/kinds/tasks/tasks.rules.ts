import { z } from 'zod';
import { awardOf, MaxCallAmount, type LivenessBar, type TaskStatus, type TaskView } from '@playhall/contract';
import { addDays, dayIn, startOfDay } from '../../calendar.ts';
import { bonusAmount, multiplier } from '../amounts.ts';

/**
 * Tasks (activity 42): the settings an operator writes and the pure rules on them (periods, what an
 * event adds, a task's status, the chests). Decision 047; docs/rewards.md, "Tasks".
 */

/** An award as a task or chest pays it: an award id the award function grants from promotion. */
const award = z
  .object({
    awardId: z
      .number()
      .int()
      .refine((id) => awardOf(id)?.pool === 'promotion', 'is not an award this release grants from promotion (coin 2001, points 2002, liveness 4001, coupons 1001-1099, 1201-1299, 1301-1399)'),
    count: bonusAmount,
    multiplier,
  })
  .strict();

const scope = { gameTypeId: z.number().int().positive().optional(), gameId: z.number().int().positive().optional() };
const condition = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bet'), ...scope }).strict(),
  z.object({ type: z.literal('rounds'), ...scope }).strict(),
  z.object({ type: z.literal('depositAmount') }).strict(),
  z.object({ type: z.literal('depositCount') }).strict(),
  z.object({ type: z.literal('login') }).strict(),
  z.object({ type: z.literal('bindPhone') }).strict(),
  /** Valid invites (decision 065): invitees who reached the deposit and bet amounts in the period. */
  z.object({ type: z.literal('invite') }).strict(),
  /** Opening the operator's channel (decision 065): completed by finishTask when the player opens `url`. */
  z.object({ type: z.literal('follow'), url: z.url({ protocol: /^https$/, error: 'is an https:// address' }).max(500) }).strict(),
]);

const title = z
  .object({ 'en-US': z.string().trim().min(1).max(80), 'pt-BR': z.string().trim().min(1).max(80).optional(), 'th-TH': z.string().trim().min(1).max(80).optional() })
  .strict();

const task = z
  .object({
    /** Stable: progress and claims are kept by it. */
    id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, 'is 1-40 of a-z, 0-9, _ and -, starting with a letter or digit'),
    period: z.enum(['daily', 'weekly', 'novice']),
    title,
    condition,
    /** Hundredths for bet and deposit amounts; rounds, deposits or days otherwise. */
    target: z.number().int().min(1).max(MaxCallAmount),
    award,
    /** Liveness (award 4001) the claim adds to the day's and the week's bar. */
    liveness: z.number().int().min(0).max(100_000).default(0),
  })
  .strict()
  .superRefine((t, ctx) => {
    const type = t.condition.type;
    // Conditions counted in days, or once ever, cannot reach a target beyond what the period holds.
    if (type === 'bindPhone' && (t.period !== 'novice' || t.target !== 1)) {
      ctx.addIssue({ code: 'custom', path: ['condition', 'type'], message: 'a phone is bound once: bindPhone tasks are novice tasks with target 1' });
    }
    if (type === 'follow' && (t.period !== 'novice' || t.target !== 1)) {
      ctx.addIssue({ code: 'custom', path: ['condition', 'type'], message: 'a channel is followed once: follow tasks are novice tasks with target 1' });
    }
    const days = type === 'login' ? { daily: 1, weekly: 7, novice: 31 }[t.period] : null;
    if (days !== null && t.target > days) ctx.addIssue({ code: 'custom', path: ['target'], message: `login counts days: at most ${days} for a ${t.period} task` });
  });
export type Task = z.infer<typeof task>;

const chest = z.object({ liveness: z.number().int().min(1).max(10_000_000), award }).strict();
const chests = z
  .array(chest)
  .max(10)
  .default([])
  .refine((cs) => cs.every((c, i) => i === 0 || c.liveness > cs[i - 1]!.liveness), 'thresholds go up: each liveness above the one before');

export const settings = z
  .object({
    tasks: z
      .array(task)
      .min(1)
      .max(50)
      .refine((ts) => new Set(ts.map((t) => t.id)).size === ts.length, 'task ids are unique'),
    /** Chests open by the liveness received in the operator's day (daily) or week (weekly). */
    chests: z.object({ daily: chests, weekly: chests }).strict().default({ daily: [], weekly: [] }),
  })
  .strict();
export type Settings = z.infer<typeof settings>;
export type ChestPeriod = keyof Settings['chests'];

// ---- periods ----

/** The operator's day and week (by its Monday) at `at`: the periods' keys. Cheap (the consumer's per-event call). */
export function periodKeysAt(tz: string, at: Date) {
  const day = dayIn(tz, at);
  const monday = addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
  return { day, week: `w${monday}`, monday };
}

/** The operator's day and week at `at`, with when each began and ends. */
export function periodsAt(tz: string, at: Date) {
  const { day, week, monday } = periodKeysAt(tz, at);
  return {
    day,
    week,
    dayBegan: startOfDay(tz, day),
    dayEnds: startOfDay(tz, addDays(day, 1)),
    weekBegan: startOfDay(tz, monday),
    weekEnds: startOfDay(tz, addDays(monday, 7)),
  };
}
export type Periods = ReturnType<typeof periodsAt>;

export const periodOf = (t: Task, p: Pick<Periods, 'day' | 'week'>) => (t.period === 'daily' ? p.day : t.period === 'weekly' ? p.week : 'novice');

// ---- what events add ----

/** One event as the tasks read it: what happened, to whom, when (the event's own time). */
export type TaskEvent =
  | { kind: 'round'; userId: number; at: Date; bet: number; gameId: number; typeId: number }
  | { kind: 'deposit'; userId: number; at: Date; amount: number }
  | { kind: 'login'; userId: number; at: Date }
  | { kind: 'bindPhone'; userId: number; at: Date }
  /** The player opened a follow task's channel (finishTask). */
  | { kind: 'follow'; userId: number; at: Date; taskId: string }
  /** An invitee of the player became a valid invite (referral.invite_valid); `at`: when they reached the amounts. */
  | { kind: 'invite'; userId: number; at: Date };

/**
 * What an event adds to a task: an amount, or a mark (login: the operator's day; bind phone: the
 * phone), counted once however often it comes. Null: the event does not count for it.
 */
export function contribution(t: Task, e: TaskEvent, day: string): { add: number } | { mark: string } | null {
  const c = t.condition;
  const inScope = (g: { gameId: number; typeId: number }) =>
    (!('gameId' in c) || c.gameId === undefined || c.gameId === g.gameId) && (!('gameTypeId' in c) || c.gameTypeId === undefined || c.gameTypeId === g.typeId);
  switch (c.type) {
    case 'bet':
      return e.kind === 'round' && inScope(e) && e.bet > 0 ? { add: e.bet } : null;
    case 'rounds':
      return e.kind === 'round' && inScope(e) ? { add: 1 } : null;
    case 'depositAmount':
      return e.kind === 'deposit' ? { add: e.amount } : null;
    case 'depositCount':
      return e.kind === 'deposit' ? { add: 1 } : null;
    case 'login':
      return e.kind === 'login' ? { mark: day } : null;
    case 'bindPhone':
      return e.kind === 'bindPhone' ? { mark: 'phone' } : null;
    case 'invite':
      return e.kind === 'invite' ? { add: 1 } : null;
    case 'follow':
      return e.kind === 'follow' && e.taskId === t.id ? { mark: 'follow' } : null;
  }
}

/** finishTask checks these conditions on request: the player is here today; the account has a phone; the player opened the channel. */
export const checkable = (t: Task) => t.condition.type === 'login' || t.condition.type === 'bindPhone' || t.condition.type === 'follow';

// ---- state ----

/** A progress row as the facts carry it: [period, task id, progress, claimed]. */
export type ProgressFact = [string, string, number, boolean];

/** What the tasks' state depends on for one player now (read in one statement: tasks.repo.ts factsExpr). */
export interface Facts {
  rows: ProgressFact[];
  /** Liveness received from this activity in the operator's day and week. */
  day: number;
  week: number;
  /** Whether each chest was received, daily then weekly, in settings order. */
  chests: boolean[];
}

export const NO_FACTS: Facts = { rows: [], day: 0, week: 0, chests: [] };

export function taskStates(s: Settings, facts: Facts, p: Periods): TaskView[] {
  const rows = new Map(facts.rows.map(([period, id, progress, claimed]) => [`${period}|${id}`, { progress: Number(progress), claimed }]));
  return s.tasks.map((t) => {
    const row = rows.get(`${periodOf(t, p)}|${t.id}`);
    const progress = Math.min(row?.progress ?? 0, t.target);
    const status: TaskStatus = row?.claimed ? 'received' : progress >= t.target ? 'claimable' : 'doing';
    return {
      id: t.id,
      period: t.period,
      title: t.title,
      condition: t.condition,
      target: t.target,
      progress,
      status,
      award: t.award,
      liveness: t.liveness,
      checkable: checkable(t),
      endsAt: t.period === 'daily' ? p.dayEnds.toISOString() : t.period === 'weekly' ? p.weekEnds.toISOString() : null,
    };
  });
}

export function livenessBars(s: Settings, facts: Facts, p: Periods): { daily: LivenessBar; weekly: LivenessBar } {
  const bar = (period: ChestPeriod, value: number, offset: number, endsAt: Date): LivenessBar => ({
    value,
    endsAt: endsAt.toISOString(),
    chests: s.chests[period].map((c, index) => ({
      index,
      liveness: c.liveness,
      award: c.award,
      status: facts.chests[offset + index] ? 'received' : value >= c.liveness ? 'claimable' : 'locked',
    })),
  });
  return { daily: bar('daily', facts.day, 0, p.dayEnds), weekly: bar('weekly', facts.week, s.chests.daily.length, p.weekEnds) };
}

/** The red dots (spec §3's task and task award): on while a task or a chest is claimable, off once claimed. */
export function dotsOf(s: Settings, facts: Facts, p: Periods): { task: boolean; taskAward: boolean } {
  const bars = livenessBars(s, facts, p);
  const on = taskStates(s, facts, p).some((t) => t.status === 'claimable') || [...bars.daily.chests, ...bars.weekly.chests].some((c) => c.status === 'claimable');
  return { task: on, taskAward: on };
}

