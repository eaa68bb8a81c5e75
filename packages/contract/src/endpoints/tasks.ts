import { z } from 'zod';
import { defineEndpoint, money } from '../envelope.ts';
import { text } from '../fields.ts';

/**
 * Tasks (activity 42, issue 17 §4, decision 047): daily, weekly and novice tasks whose progress
 * comes from events (bets, rounds, deposits, logins, a bound phone), each paying an award and
 * liveness (award 4001); liveness chests open at thresholds of the day's and the week's liveness.
 */

export const taskPeriod = z.enum(['daily', 'weekly', 'novice']);
export type TaskPeriod = z.infer<typeof taskPeriod>;

/**
 * What counts towards a task: `bet` (hundredths of settled bets) and `rounds` optionally for one game
 * type or game; `invite`: valid invites (invitees who reached the deposit and bet amounts, decision
 * 065); `follow`: opening the operator's channel at `url`.
 */
export const taskCondition = z.object({
  type: z.enum(['bet', 'rounds', 'depositAmount', 'depositCount', 'login', 'bindPhone', 'invite', 'follow']),
  gameTypeId: z.number().int().optional(),
  gameId: z.number().int().optional(),
  url: z.string().optional(),
});
export type TaskCondition = z.infer<typeof taskCondition>;

/** An award as configured: award id (spec §3), count (hundredths for coin, whole units otherwise), wagering multiplier. */
export const taskAward = z.object({ awardId: z.number().int(), count: z.number().int(), multiplier: z.number().int() });
export type TaskAward = z.infer<typeof taskAward>;

/** doing: not complete yet; claimable: complete, award not received; received: claimed. */
export const taskStatus = z.enum(['doing', 'claimable', 'received']);
export type TaskStatus = z.infer<typeof taskStatus>;

export const taskView = z.object({
  id: z.string(),
  period: taskPeriod,
  /** The title per language (en-US always). */
  title: z.record(z.string(), z.string()),
  condition: taskCondition,
  target: z.number().int(),
  /** Towards the target, capped at it (hundredths for bet and deposit amounts). */
  progress: z.number().int(),
  status: taskStatus,
  award: taskAward,
  liveness: z.number().int(),
  /** finishTask checks this condition on request (login: today's visit; bindPhone: the account's phone; follow: the channel opened). */
  checkable: z.boolean(),
  /** When the task's period ends and its progress starts again (null: novice, once ever). */
  endsAt: z.string().nullable(),
});
export type TaskView = z.infer<typeof taskView>;

export const livenessChest = z.object({
  index: z.number().int(),
  /** The liveness of the period that opens it. */
  liveness: z.number().int(),
  award: taskAward,
  status: z.enum(['locked', 'claimable', 'received']),
});
export type LivenessChest = z.infer<typeof livenessChest>;

/** The liveness received in the operator's day or week (from task claims) and its chests. */
export const livenessBar = z.object({ value: z.number().int(), endsAt: z.string(), chests: z.array(livenessChest) });
export type LivenessBar = z.infer<typeof livenessBar>;

/** A visitor sees the tasks as configured in the activity's `detail` (preLogin's activityMap): `{ tasks, chests }`. */
export const getTaskUserEndpoint = defineEndpoint({
  path: 'getTaskUser',
  summary: 'Tasks: each task with its progress and status, the liveness bars and their chests',
  request: {},
  response: z.object({
    activityId: z.number().int(),
    timeZone: z.string(),
    tasks: z.array(taskView),
    liveness: z.object({ daily: livenessBar, weekly: livenessBar }),
    /** What makes an invite valid (decision 065): the invitee deposited and bet at least these (hundredths) since registering with the code. */
    validInvite: z.object({ deposit: money, bet: money }),
  }),
});

/** Checks a task whose condition is checked on request (login: the player is here today; bindPhone: the account has a phone; follow: the player opened the channel). */
export const finishTaskEndpoint = defineEndpoint({
  path: 'finishTask',
  summary: 'Tasks: check a task whose condition is checked on request (login, bind phone, follow) and answer it; other tasks progress from play, deposits and invites (5004)',
  request: { taskId: text(40).min(1) },
  response: z.object({ task: taskView }),
});

/** Claims a completed task's award and liveness, or a liveness chest whose threshold the period reached. Exactly one of taskId or chest. */
export const receiveTaskAwardEndpoint = defineEndpoint({
  path: 'receiveTaskAward',
  summary: "Tasks: receive a completed task's award (and its liveness) or an opened liveness chest, once",
  request: {
    taskId: text(40).min(1).optional(),
    chest: z.object({ period: z.enum(['daily', 'weekly']), index: z.number().int().min(0).max(9) }).optional(),
  },
  response: z.object({
    awards: z.array(z.object({ awardId: z.number().int(), count: z.number().int(), turnover: money })),
    /** Coin balance right after. */
    coin: money,
  }),
});
