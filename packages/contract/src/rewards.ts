import { z } from 'zod';
// ClickType lives in constants.ts: zod-free, so the player's first screen imports it without the schemas (decision 033).
import { ActivityType, AwardId, ClickType, Languages } from './constants.ts';
import { text } from './fields.ts';

/**
 * The rewards engine's shared vocabulary (issue 14, decision 028): what each award id credits, how
 * an activity is configured, and how the client is told about it.
 */

/** What an award id is, and which player asset it credits. */
export type AwardKind = 'coupon' | 'fixedCoupon' | 'giveCoupon' | 'coin' | 'points' | 'liveness' | 'jackpot';

export interface AwardDef {
  id: number;
  kind: AwardKind;
  /**
   * The player asset it credits: `coin` counts hundredths; points, liveness and coupons count whole
   * units (a coupon is one item of an inventory per award id).
   */
  asset: 'coin' | 'points' | 'liveness' | `coupon:${number}`;
  /** Where the value comes from: a jackpot tier from its pool, everything else from promotion (or commission, for agents). */
  pool: 'promotion' | `jackpot:${string}`;
}

const JackpotTiers: Record<number, string> = {
  [AwardId.jackpotMega]: 'mega',
  [AwardId.jackpotMajor]: 'major',
  [AwardId.jackpotMinor]: 'minor',
  [AwardId.jackpotMini]: 'mini',
};

/**
 * The award catalogue (spec §3). Ids the spec lists without saying what they credit (jackpot 50000
 * and 50005, new year 40001-40004, lottery 80001-80003) are not granted by this release: `awardOf`
 * answers null and the award function refuses them.
 */
export function awardOf(id: number): AwardDef | null {
  if (!Number.isInteger(id)) return null;
  if (id === AwardId.coin) return { id, kind: 'coin', asset: 'coin', pool: 'promotion' };
  if (id === AwardId.points) return { id, kind: 'points', asset: 'points', pool: 'promotion' };
  if (id === AwardId.liveness) return { id, kind: 'liveness', asset: 'liveness', pool: 'promotion' };
  if (id >= AwardId.couponFirst && id <= AwardId.couponLast) return { id, kind: 'coupon', asset: `coupon:${id}`, pool: 'promotion' };
  if (id >= AwardId.fixedCouponFirst && id <= AwardId.fixedCouponLast) return { id, kind: 'fixedCoupon', asset: `coupon:${id}`, pool: 'promotion' };
  if (id >= AwardId.giveCouponFirst && id <= AwardId.giveCouponLast) return { id, kind: 'giveCoupon', asset: `coupon:${id}`, pool: 'promotion' };
  const tier = JackpotTiers[id];
  if (tier) return { id, kind: 'jackpot', asset: 'coin', pool: `jackpot:${tier}` };
  return null;
}

/** A rules document per language the app ships; at least the default language. */
export const activityRules = z
  .object(Object.fromEntries(Languages.map((l) => [l, text(20_000).optional()])) as Record<(typeof Languages)[number], z.ZodOptional<ReturnType<typeof text>>>)
  .strict();

const activityTypeId = z
  .number()
  .int()
  .refine((t) => (Object.values(ActivityType) as number[]).includes(t), 'is not an activity type id of the spec');

const isoTime = z.iso.datetime({ offset: true });

/** What an operator sends to create an activity. `settings` is checked by the activity kind. */
export const activityInput = z
  .object({
    type: activityTypeId,
    name: text(80).trim().min(1),
    sort: z.number().int().min(0).max(1_000_000).default(0),
    startsAt: isoTime.nullable().default(null),
    endsAt: isoTime.nullable().default(null),
    themeUrl: text(500).trim().nullable().default(null),
    clickType: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
    /** Type 1: an activity id or a route path; type 2: a game id; type 3: an https address. Empty: the activity's own page. */
    clickAction: text(500).trim().default(''),
    unloginShowStatus: z.boolean().default(true),
    rules: activityRules.default({}),
    settings: z.record(z.string(), z.unknown()).default({}),
  })
  .strict()
  .superRefine((a, ctx) => {
    if (a.startsAt && a.endsAt && Date.parse(a.endsAt) <= Date.parse(a.startsAt)) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'must be after startsAt' });
    if (a.clickType === ClickType.link && !/^https:\/\/[^\s]+$/.test(a.clickAction)) ctx.addIssue({ code: 'custom', path: ['clickAction'], message: 'must be an https address' });
    if (a.clickType === ClickType.game && !/^[1-9][0-9]{0,8}$/.test(a.clickAction)) ctx.addIssue({ code: 'custom', path: ['clickAction'], message: 'must be a game id' });
  });
export type ActivityInput = z.infer<typeof activityInput>;

/** An edit: any field but the type (a different type is a different activity). */
export const activityPatch = z
  .object({
    name: text(80).trim().min(1),
    sort: z.number().int().min(0).max(1_000_000),
    startsAt: isoTime.nullable(),
    endsAt: isoTime.nullable(),
    themeUrl: text(500).trim().nullable(),
    clickType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    clickAction: text(500).trim(),
    unloginShowStatus: z.boolean(),
    rules: activityRules,
    settings: z.record(z.string(), z.unknown()),
  })
  .partial()
  .strict();
export type ActivityPatch = z.infer<typeof activityPatch>;

/** An activity as operators see it. */
export const operatorActivity = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  /** enabled and inside its time window now. */
  running: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  themeUrl: z.string().nullable(),
  clickType: z.number().int(),
  clickAction: z.string(),
  unloginShowStatus: z.boolean(),
  rules: z.record(z.string(), z.string()),
  settings: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OperatorActivity = z.infer<typeof operatorActivity>;

/** An activity as the player app sees it (spec §3 Activity, plus what it needs to show it). */
export const activityView = z.object({
  id: z.number().int(),
  type: z.number().int(),
  name: z.string(),
  sort: z.number().int(),
  clickType: z.number().int(),
  clickAction: z.string(),
  unloginShowStatus: z.boolean(),
  themeUrl: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** The operator's rules document per language (the client falls back to the default language). */
  rules: z.record(z.string(), z.string()),
  /** What the kind shows beyond these (a notice's text per language, a bonus's amount…). */
  detail: z.record(z.string(), z.unknown()),
});
export type ActivityView = z.infer<typeof activityView>;
