import type { ValidInvite } from '../referrals.ts';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ActivityType, RedDots } from '@playhall/contract';
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/tx.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { EndpointRegistry } from '../../../plugins/app/endpoints.ts';
import type { EventConsumer } from '../../events/domain-events.service.ts';
import type { LivePublisher } from '../../live/live.types.ts';
import type { ActivityRow } from '../rewards.repo.ts';

/** One award a claim pays: the award function's input without the player, activity, reason or time. */
export interface Claim {
  awardId: number;
  count: number;
  /** Names what it pays for, so concurrent claims send the same key and pay once. */
  key: string;
  multiplier?: number;
}

/** What the claiming request says about where it comes from, for kinds that care (download: the installed app). */
export interface ClaimContext {
  /** The client runs installed: standalone display mode (installed PWA) or the native shell. Stated, not proven. */
  installed?: boolean;
}

/** An activity as a kind sees it: its row with the settings its own schema checked. */
export type Activity<S> = Omit<ActivityRow, 'settings'> & { settings: S };

/** What the engine lends every kind: the database, the clock, the operator's calendar. */
export interface KindContext {
  db: Db;
  clock: Clock;
  /** The operator's time zone (IANA), for "one per calendar day" rules. */
  timeZone: string;
  /** What makes an invite valid (decision 065), for the kinds that reward invites and say so. */
  validInvite: ValidInvite;
  /** Whether a claim key (a kind's own, as given to award) was already paid, as a SQL boolean for a kind's red-dot facts. */
  grantedExpr(key: string): SQL;
  /** Live pushes to the players' open screens (decision 053); absent where the app has none (engine tests). */
  live?: LivePublisher;
}

/**
 * One activity kind (decision 028): everything about one activity type lives in its folder under
 * kinds/, behind this interface. Kinds never import each other; they reach the engine only
 * through `award` (award.service.ts), `assertEligible` (eligibility.ts) and this context.
 */
export interface ActivityKind<S = unknown, F = unknown> {
  type: ActivityType;
  /** snake_case name: ledger reason `reward_<name>`, keys `<name>:…`. */
  name: string;
  /** The activity's `settings`, checked whenever an operator saves them (a bad one: 5006). */
  settings: z.ZodType<S>;
  /** One-off grants (sign-up, bind, download): once per person, by the engine's marks (eligibility.ts). */
  oncePerPerson?: boolean;
  /**
   * What `activityReceive {activityId}` pays now, in the claiming transaction after the engine's
   * eligibility check: the awards to grant (each with its key), or an AppError saying why not.
   */
  claim?(tx: Executor, ctx: KindContext, activity: Activity<S>, userId: number, claim: ClaimContext): Promise<Claim[]>;
  /** What the player app needs to show the activity beyond the common fields (e.g. a notice's text, a bonus's amount). */
  detail?(activity: Activity<S>): Record<string, unknown>;
  /**
   * The red dots this kind owns, from state (never stored), in two parts so the engine reads every
   * running kind's dots in one statement (decision 031). `dotFacts`: what the dots depend on for
   * this player at `now`, as a SQL expression answering one json value (a scalar subquery, built
   * in a repo); the engine places it as a column of its statement. `redDots`: the dots from those
   * facts (parsed json; null when the subquery found no row), pure. A kind has both or neither.
   */
  dotFacts?(ctx: KindContext, activity: Activity<S>, userId: number, now: Date): SQL;
  redDots?(facts: F | null, ctx: KindContext, activity: Activity<S>, now: Date): Partial<RedDots>;
  /** The kind's own player calls (claims, progress). */
  routes?(registry: EndpointRegistry, ctx: KindContext, running: (type: ActivityType) => Promise<Activity<S> | null>): void;
  /** Domain events the kind consumes, each consumer with its own cursor (event runner, decision 022). */
  consumers?(ctx: KindContext): EventConsumer[];
}
