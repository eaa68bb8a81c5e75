import { describe, expect, it } from 'vitest';
import { appEventLogClientEndpoint, ClientConstants, EventLimits, TrackedEvent } from '@playhall/contract';
import { parseEventLogFast } from './event-list-parse.ts';

const schema = appEventLogClientEndpoint.request;
const now = Math.floor(Date.UTC(2026, 10, 25) / 1000);
const event = (i: number) => ({ name: Object.values(TrackedEvent)[i % 5]!, time: now - i, props: i % 2 ? { path: '/member/profile' } : { gameId: 1000 + i, mode: 'real', demo: false, x: null } });
const tracker = (n: number) => ({ appId: 'playhall', channel: 'WEB', clientReferrer: '', platform: 0, appVersion: ClientConstants.appVersion, eventList: Array.from({ length: n }, (_, i) => event(i)) });

/** One change to a valid body, at the top, in the list or in the 14th event (or its props). */
const changes: [string, (b: Record<string, unknown> & { eventList: Record<string, unknown>[] }) => void][] = [
  ['nothing', () => undefined],
  ['no common fields', (b) => ['appId', 'channel', 'clientReferrer', 'platform', 'appVersion'].forEach((k) => delete b[k])],
  ['an unknown top-level key (stripped)', (b) => (b.extra = 1)],
  ['an unknown key on an event (stripped)', (b) => (b.eventList[13]!.extra = 'x')],
  ['platform 2', (b) => (b.platform = 2)],
  ['platform null', (b) => (b.platform = null)],
  ['appId too long', (b) => (b.appId = 'a'.repeat(65))],
  ['appVersion with a line break', (b) => (b.appVersion = '1.0\n')],
  ['channel a number', (b) => (b.channel = 5)],
  ['no eventList', (b) => delete (b as Record<string, unknown>).eventList],
  ['an empty eventList', (b) => b.eventList.splice(0)],
  ['21 events', (b) => b.eventList.push(event(20))],
  ['eventList an object', (b) => ((b as Record<string, unknown>).eventList = { 0: event(0) })],
  ['an event null', (b) => ((b.eventList as unknown[])[13] = null)],
  ['an event an array', (b) => ((b.eventList as unknown[])[13] = [])],
  ['an unknown name', (b) => (b.eventList[13]!.name = 'drop_tables')],
  ['no name', (b) => delete b.eventList[13]!.name],
  ['time in milliseconds', (b) => (b.eventList[13]!.time = now * 1000)],
  ['time a fraction', (b) => (b.eventList[13]!.time = now + 0.5)],
  ['time a string', (b) => (b.eventList[13]!.time = String(now))],
  ['time before the first record year', (b) => (b.eventList[13]!.time = 0)],
  ['no time', (b) => delete b.eventList[13]!.time],
  ['no props', (b) => delete b.eventList[13]!.props],
  ['props null', (b) => (b.eventList[13]!.props = null)],
  ['props an array', (b) => (b.eventList[13]!.props = ['a'])],
  ['props empty', (b) => (b.eventList[13]!.props = {})],
  ['a nested prop', (b) => (b.eventList[13]!.props = { a: { b: 1 } })],
  ['a prop NUL', (b) => (b.eventList[13]!.props = { path: 'a\u0000b' })],
  ['a lone surrogate in a prop', (b) => (b.eventList[13]!.props = { path: 'a\uD800' })],
  ['a prop of 200 characters', (b) => (b.eventList[13]!.props = { path: 'x'.repeat(EventLimits.propTextLength) })],
  ['a prop of 201 characters', (b) => (b.eventList[13]!.props = { path: 'x'.repeat(EventLimits.propTextLength + 1) })],
  ['a prop key of 33 characters', (b) => (b.eventList[13]!.props = { ['k'.repeat(EventLimits.propKeyLength + 1)]: 1 })],
  ['an empty prop key', (b) => (b.eventList[13]!.props = { '': 1 })],
  ['a prop key with a tab', (b) => (b.eventList[13]!.props = { 'a\tb': 1 })],
  ['8 props', (b) => (b.eventList[13]!.props = Object.fromEntries(Array.from({ length: EventLimits.propKeys }, (_, i) => [`k${i}`, i])))],
  ['9 props', (b) => (b.eventList[13]!.props = Object.fromEntries(Array.from({ length: EventLimits.propKeys + 1 }, (_, i) => [`k${i}`, i])))],
  ['a __proto__ prop', (b) => (b.eventList[13]!.props = JSON.parse('{"__proto__": 1, "a": 2}') as object)],
];

describe('appEventLogClient: the fast path for the tracker\'s batches', () => {
  it('takes the tracker\'s batches, of 1 to 20 events', () => {
    for (const n of [1, 7, 20]) {
      const body = JSON.parse(JSON.stringify(tracker(n))) as unknown;
      expect(parseEventLogFast(body), `${n} events`).toEqual(schema.parse(body));
    }
  });

  it('accepts only what the contract\'s schema accepts, with the same output, and leaves every doubt to the schema', () => {
    for (const [what, change] of changes) {
      // As the body parser hands it over: JSON.parse of the request.
      const body = JSON.parse(JSON.stringify(tracker(20))) as Record<string, unknown> & { eventList: Record<string, unknown>[] };
      change(body);
      const fromJson = JSON.parse(JSON.stringify(body)) as unknown;
      const zod = schema.safeParse(fromJson);
      const fast = parseEventLogFast(fromJson);
      if (fast !== undefined) {
        expect(zod.success, `${what}: the fast path accepted what the schema refuses`).toBe(true);
        expect(fast, what).toEqual(zod.data);
      }
      // The common case must not fall back: the fast path is there to be taken.
      if (['nothing', 'no common fields', 'no props', 'a prop of 200 characters', '8 props'].includes(what)) expect(fast, what).toBeDefined();
    }
  });
});
