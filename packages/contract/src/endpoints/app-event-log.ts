import { z } from 'zod';
// The event catalogue (TrackedEvent) and its bounds (EventLimits) live in constants.ts: zod-free, so
// the player's first screen imports them without the schemas (decision 033).
import { ClientConstants, EventLimits, TrackedEvent } from '../constants.ts';
import { defineEndpoint } from '../envelope.ts';
import { RecordYears, recordDay, text } from '../fields.ts';

/**
 * Client event tracking (spec §7 anonymous/appEventLogClient, §9 tracker; product rules §5): the
 * player app batches up to `ClientConstants.tracker.batchSize` events and sends them every
 * `flushMs` and when the page is hidden, by beacon where the browser has one. Stored for
 * analytics only: nothing a player does depends on it (decision 023).
 */

const firstSecond = Date.UTC(RecordYears.first, 0, 1) / 1000;
const lastSecond = Date.UTC(RecordYears.last + 1, 0, 1) / 1000 - 1;

const propValue = z.union([text(EventLimits.propTextLength), z.number().finite(), z.boolean(), z.null()]);

export const clientEvent = z.object({
  name: z.enum(TrackedEvent),
  /** When it happened on the client: Unix time in seconds (spec §9). */
  time: z
    .number()
    .int('Must be whole seconds')
    .min(firstSecond, `Must be a time in the years ${RecordYears.first} to ${RecordYears.last}, in seconds`)
    .max(lastSecond, `Must be a time in the years ${RecordYears.first} to ${RecordYears.last}, in seconds`),
  /** A few flat details (the page's path, the game's id...). */
  props: z
    .record(text(EventLimits.propKeyLength).min(1), propValue)
    .refine((p) => Object.keys(p).length <= EventLimits.propKeys, `At most ${EventLimits.propKeys} properties`)
    .optional(),
});
export type ClientEvent = z.infer<typeof clientEvent>;

export const appEventLogClientEndpoint = defineEndpoint({
  path: 'anonymous/appEventLogClient',
  summary:
    'Stores a batch of client events for analytics, for visitors and players alike. Answers how many were kept: fewer than sent once the client has used its daily allowance.',
  request: {
    eventList: z
      .array(clientEvent)
      .min(1, 'Send at least one event')
      .max(ClientConstants.tracker.batchSize, `At most ${ClientConstants.tracker.batchSize} events per batch`),
  },
  response: z.object({ accepted: z.number().int() }),
});

/** GET /operator/v1/events/daily: events per UTC day and name, at most a year at a time. */
export const operatorEventDailyQuery = z
  .object({ from: recordDay(), to: recordDay(), name: clientEvent.shape.name.optional() })
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, { message: 'At most 366 days at a time', path: ['to'] });

export const operatorEventDaily = z.object({
  list: z.array(z.object({ day: z.string(), name: z.string(), count: z.number().int() })),
});
export type OperatorEventDaily = z.infer<typeof operatorEventDaily>;
