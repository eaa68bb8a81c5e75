import { z } from 'zod';
import { PageSize } from '../constants.ts';
import { defineEndpoint, money } from '../envelope.ts';
import { int4Id, recordDayOrInstant } from '../fields.ts';
import { activityView } from '../rewards.ts';

/** The running activities, ids in `sort` order and each by id (what getActivityIds, getAfterLoginInfoWeb and preLogin carry). */
export const runningActivities = z.object({
  activityIds: z.array(z.number().int()),
  activityMap: z.record(z.string(), activityView),
});

/** The running activities the player may see, in `sort` order (spec §7 getActivityIds). */
export const getActivityIdsEndpoint = defineEndpoint({
  path: 'getActivityIds',
  summary: 'The running activities: ids in sort order and each by id; whether a spin wheel runs; the player\'s total deposits',
  request: {},
  response: runningActivities.extend({
    hasTurntable: z.boolean(),
    totalRecharge: money,
  }),
});

/** Red-dot flags (spec §3), each computed from state by the kind that owns it; all false for a visitor. */
export const redDots = z.object({
  task: z.boolean(),
  mail: z.boolean(),
  signupBonus: z.boolean(),
  fund: z.boolean(),
  agent: z.boolean(),
  freeBonus: z.boolean(),
  spin: z.boolean(),
  taskAward: z.boolean(),
  agent5: z.boolean(),
  vipAward: z.boolean(),
  /** The VIP rebate has a hundredth or more to receive (not one of spec §3's flags; the bonus centre's rebate entry). */
  rebate: z.boolean(),
  signIn: z.boolean(),
  emailAward: z.boolean(),
  canReceiveDrawChance: z.boolean(),
});
export type RedDots = z.infer<typeof redDots>;
export type RedDot = keyof RedDots;

/** Public (spec §6): the flags of spec §7 and every red dot. A visitor gets every flag false. */
export const activityGetStatusListEndpoint = defineEndpoint({
  path: 'activityGetStatusList',
  summary: 'Reward flags and red dots, computed from state (public: all false without a session)',
  request: {},
  response: z.object({
    spinAwardFlag: z.boolean(),
    taskAwardFlag: z.boolean(),
    agent5AwardFlag: z.boolean(),
    vipAwardFlag: z.boolean(),
    signInFlag: z.boolean(),
    emailAwardFlag: z.boolean(),
    canReceiveDrawChance: z.boolean(),
    redDots,
  }),
});

const dateOrInstant = recordDayOrInstant();

/** One reward the player received. `count` is hundredths for coin awards and whole units otherwise. */
export const awardLogEntry = z.object({
  id: z.number().int(),
  activityId: z.number().int().nullable(),
  activityType: z.number().int().nullable(),
  activityName: z.string().nullable(),
  awardId: z.number().int(),
  count: z.number().int(),
  /** What it was for, e.g. `reward_sign_in`: the client translates it. */
  reason: z.string(),
  /** Bonus coin only: the turnover it added (count × multiplier) before it can be withdrawn. */
  turnover: money,
  createTime: z.string(),
});
export type AwardLogEntry = z.infer<typeof awardLogEntry>;

/** The player's reward records, newest first, paged (record page size 20), optionally filtered. */
export const activityAwardGetLogEndpoint = defineEndpoint({
  path: 'activityAwardGetLog',
  summary: 'Reward records, newest first, paged and filtered by activity type, award or dates',
  request: {
    pageNum: z.number().int().min(1).max(100_000).default(1),
    pageSize: z.number().int().min(1).max(100).default(PageSize.record),
    activityType: int4Id().optional(),
    awardId: int4Id().optional(),
    beginTime: dateOrInstant.optional(),
    endTime: dateOrInstant.optional(),
  },
  response: z.object({
    list: z.array(awardLogEntry),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});

/** Free sign-in (activity 36): the 7-day cycle as the player sees it today. */
export const signInDay = z.object({
  day: z.number().int().min(1).max(7),
  /** Bonus coin for that day (hundredths). */
  amount: money,
  status: z.enum(['received', 'today', 'upcoming', 'missed']),
});
export type SignInDay = z.infer<typeof signInDay>;

export const loginBonus3UserEndpoint = defineEndpoint({
  path: 'loginBonus3User',
  summary: 'Free sign-in: the 7-day cycle, which day today is, and whether it is received',
  request: {},
  response: z.object({
    activityId: z.number().int(),
    days: z.array(signInDay),
    /** The cycle day a claim now would pay (or paid, when receivedToday). */
    today: z.number().int().min(1).max(7),
    receivedToday: z.boolean(),
    /** Turnover per coin of the bonus before it can be withdrawn. */
    multiplier: z.number().int(),
    /** When the operator's day ends: the next claim opens then. */
    nextDayAt: z.string(),
    timeZone: z.string(),
  }),
});

export const loginBonus3UserReceiveEndpoint = defineEndpoint({
  path: 'loginBonus3UserReceive',
  summary: "Free sign-in: receive today's bonus (once per operator's calendar day)",
  request: {},
  response: z.object({
    day: z.number().int().min(1).max(7),
    awardId: z.number().int(),
    amount: money,
    turnover: money,
    /** Coin balance right after the bonus. */
    coin: money,
  }),
});

/** Receive what an activity pays now (sign-up bonus, bind phone, download, fund interest): the engine's one claim call. */
export const activityReceiveEndpoint = defineEndpoint({
  path: 'activityReceive',
  summary: 'Receive an activity\'s reward now; refused with the reason when the player may not (5002-5005)',
  request: {
    activityId: int4Id(),
    /** The client runs installed (standalone PWA or the native shell): the download bonus (32) is paid only then. Stated, not proven (decision 030). */
    installed: z.boolean().optional(),
  },
  response: z.object({
    activityId: z.number().int(),
    awards: z.array(z.object({ awardId: z.number().int(), count: z.number().int(), turnover: money })),
    /** Coin balance right after. */
    coin: money,
  }),
});
