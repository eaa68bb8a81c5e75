import type { z } from 'zod';
import type { ActivityType, RedDots } from '@playhall/contract';
import type { Db } from '../../../db/client.ts';
import type { Executor } from '../../../db/tx.ts';
import type { Clock } from '../../../lib/clock.ts';
import type { EndpointRegistry } from '../../../plugins/app/endpoints.ts';
import type { EventConsumer } from '../../events/domain-events.service.ts';
import type { ActivityRow } from '../rewards.repo.ts';

/** An activity as a kind sees it: its row with the settings its own schema checked. */
export type Activity<S> = Omit<ActivityRow, 'settings'> & { settings: S };

/** What the engine lends every kind: the database, the clock, the operator's calendar. */
export interface KindContext {
  db: Db;
  clock: Clock;
  /** The operator's time zone (IANA), for "one per calendar day" rules. */
  timeZone: string;
}

/**
 * One activity kind (decision 028): everything about one activity type lives in its folder under
 * kinds/, behind this interface. Kinds never import each other; they reach the engine only
 * through `award` (award.service.ts), `assertEligible` (eligibility.ts) and this context.
 */
export interface ActivityKind<S = unknown> {
  type: ActivityType;
  /** snake_case name: ledger reason `reward_<name>`, keys `<name>:…`. */
  name: string;
  /** The activity's `settings`, checked whenever an operator saves them (a bad one: 5006). */
  settings: z.ZodType<S>;
  /** The red dots this kind owns for a player, from state (never stored). */
  redDots?(x: Executor, ctx: KindContext, activity: Activity<S>, userId: number): Promise<Partial<RedDots>>;
  /** The kind's own player calls (claims, progress). */
  routes?(registry: EndpointRegistry, ctx: KindContext, running: (type: ActivityType) => Promise<Activity<S> | null>): void;
  /** Domain events the kind consumes, each consumer with its own cursor (event runner, decision 022). */
  consumers?(ctx: KindContext): EventConsumer[];
}
