import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ClientConstants, TrackedEvent, type ClientEvent } from '@playhall/contract';
import { DAY } from '../../lib/clock.ts';
import { countRows, createTestApp, describeDb, TEST_OPERATOR_TOKEN, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../../test/factories.ts';
import { storableAsIs } from './analytics.repo.ts';

const day = (t: TestApp) => t.clock.now().toISOString().slice(0, 10);
const nowSeconds = (t: TestApp) => Math.floor(t.clock.now().getTime() / 1000);

function events(t: TestApp, n: number, name: ClientEvent['name'] = TrackedEvent.pageView): ClientEvent[] {
  return Array.from({ length: n }, (_, i) => ({ name, time: nowSeconds(t) - i, props: { path: `/page/${i}` } }));
}

/** A batch as the tracker sends it (common fields, optional session), from one address. */
async function send(t: TestApp, eventList: unknown, opts: { token?: string; ip?: string } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/app/v1/anonymous/appEventLogClient',
    payload: { channel: 'WEB', appVersion: ClientConstants.appVersion, platform: 0, eventList },
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
    remoteAddress: opts.ip ?? '10.1.0.1',
  });
  const body = res.json() as { code: number; msg: string; data: { accepted?: number; fields?: Record<string, string> } | null };
  return { status: res.statusCode, ...body };
}

async function daily(t: TestApp, query: string, token = TEST_OPERATOR_TOKEN) {
  const res = await t.app.inject({ method: 'GET', url: `/operator/v1/events/daily?${query}`, headers: { authorization: `Bearer ${token}` } });
  return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: { list: { day: string; name: string; count: number }[] } | null }) };
}

describeDb('event tracking: anonymous/appEventLogClient stores batches, the operator reads daily counts', () => {
  let t: TestApp;
  let player: TestPlayer;
  beforeAll(async () => {
    t = await createTestApp({ clientEvents: { perMin: 1_000, perClientPerDay: 30 } });
    player = await buildPlayer(t.app);
  });
  afterAll(async () => t?.close());

  it('stores a visitor\'s batch and a player\'s batch, the player\'s under their id, with the client time in seconds', async () => {
    const time = nowSeconds(t) - 90;
    const anonymous = await send(t, [{ name: TrackedEvent.pageView, time, props: { path: '/' } }, { name: TrackedEvent.gameLaunch, time, props: { gameId: 7, demo: true } }]);
    expect(anonymous).toMatchObject({ status: 200, code: 200, data: { accepted: 2 } });
    const logged = await send(t, [{ name: TrackedEvent.depositStart, time, props: { typeId: 1, amount: 10_000 } }], { token: player.token });
    expect(logged).toMatchObject({ status: 200, code: 200, data: { accepted: 1 } });

    const stored = (await t.database.db.execute(
      sql`select name, user_id::text, client_key, at, props, day::text from client_event order by name`,
    )) as unknown as { rows: { name: string; user_id: string | null; client_key: string; at: Date | string; props: unknown; day: string }[] };
    expect(stored.rows.map((r) => ({ ...r, at: new Date(r.at).getTime() / 1000 }))).toEqual([
      { name: 'deposit_start', user_id: String(player.user.id), client_key: `user:${player.user.id}`, at: time, props: { typeId: 1, amount: 10_000 }, day: day(t) },
      { name: 'game_launch', user_id: null, client_key: 'ip:10.1.0.1', at: time, props: { gameId: 7, demo: true }, day: day(t) },
      { name: 'page_view', user_id: null, client_key: 'ip:10.1.0.1', at: time, props: { path: '/' }, day: day(t) },
    ]);
  });

  it('the table itself refuses props past 4 KiB (a backstop behind the contract\'s bounds)', async () => {
    const insert = (props: unknown) =>
      t.database.db.execute(sql`insert into client_event (day, name, client_key, at, props) values (${day(t)}, 'page_view', 'ip:10.1.0.99', now(), ${JSON.stringify(props)}::jsonb)`);
    const refused = await insert({ path: 'x'.repeat(5_000) }).then(() => null, (err: Error) => err);
    expect(String((refused?.cause as Error | undefined)?.message)).toMatch(/client_event_props_check/);
    await insert({ path: 'x'.repeat(1_000) });
    await t.database.db.execute(sql`delete from client_event where client_key = 'ip:10.1.0.99'`);
  });

  it('refuses a bad batch with a 400 naming the field, and stores nothing of it', async () => {
    const before = await countRows(t.database, 'client_event');
    const cases: [unknown, string][] = [
      [events(t, ClientConstants.tracker.batchSize + 1), 'eventList'],
      [[], 'eventList'],
      [[{ name: 'page_view', time: t.clock.now().getTime() }], 'eventList.0.time'],
      [[{ name: 'page_view', time: nowSeconds(t) + 0.5 }], 'eventList.0.time'],
      [[{ name: 'drop_tables', time: nowSeconds(t) }], 'eventList.0.name'],
      [[{ name: 'page_view', time: nowSeconds(t), props: { path: 'a\u0000b' } }], 'eventList.0.props.path'],
      [[{ name: 'page_view', time: nowSeconds(t), props: { nested: { a: 1 } } }], 'eventList.0.props.nested'],
      [[{ name: 'page_view', time: nowSeconds(t), props: Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`k${i}`, i])) }], 'eventList.0.props'],
      [[{ name: 'page_view', time: nowSeconds(t), props: { path: 'x'.repeat(201) } }], 'eventList.0.props.path'],
      // One bad event deep in a full batch (the fast path's ground) loses the whole batch.
      [[...events(t, 13), { name: 'page_view', time: nowSeconds(t), props: { path: 'a\u0000b' } }, ...events(t, 6)], 'eventList.13.props.path'],
      [[...events(t, 13), { name: 'page_view', time: nowSeconds(t) * 1000 }, ...events(t, 6)], 'eventList.13.time'],
    ];
    for (const [eventList, field] of cases) {
      const res = await send(t, eventList);
      expect({ field, status: res.status, code: res.code }).toEqual({ field, status: 400, code: 400 });
      expect(res.msg, field).toMatch(new RegExp(`^${field.replaceAll('.', '\\.')}: \\S`));
      expect(res.data?.fields, field).toHaveProperty([field]);
    }
    expect(await countRows(t.database, 'client_event')).toBe(before);
  });

  it('keeps at most the daily allowance per client, drops the rest of a batch quickly, and starts again the next UTC day', async () => {
    const ip = '10.1.0.2';
    expect((await send(t, events(t, 20), { ip })).data).toEqual({ accepted: 20 });
    expect((await send(t, events(t, 20), { ip })).data).toEqual({ accepted: 10 });
    expect((await send(t, events(t, 5), { ip })).data).toEqual({ accepted: 0 });
    // Another address, or a player behind the same one, has an allowance of its own.
    expect((await send(t, events(t, 20), { ip: '10.1.0.3' })).data).toEqual({ accepted: 20 });
    const other = await buildPlayer(t.app);
    expect((await send(t, events(t, 20), { ip, token: other.token })).data).toEqual({ accepted: 20 });
    t.clock.advance(DAY);
    expect((await send(t, events(t, 20), { ip })).data).toEqual({ accepted: 20 });
  });

  it('answers the operator\'s daily counts per name, for a range of days and for one name', async () => {
    const first = day(t);
    t.clock.advance(DAY);
    const second = day(t);
    await send(t, [...events(t, 3, TrackedEvent.popupShow), ...events(t, 1, TrackedEvent.popupClaim)], { ip: '10.1.0.9' });
    const both = await daily(t, `from=${first}&to=${second}`);
    expect(both.status).toBe(200);
    expect(both.data?.list.filter((r) => r.day === second)).toEqual([
      { day: second, name: 'popup_claim', count: 1 },
      { day: second, name: 'popup_show', count: 3 },
    ]);
    expect(both.data?.list.find((r) => r.day === first && r.name === 'page_view')?.count).toBe(20);
    const one = await daily(t, `from=${second}&to=${second}&name=popup_show`);
    expect(one.data?.list).toEqual([{ day: second, name: 'popup_show', count: 3 }]);
    expect((await daily(t, `from=2020-01-01&to=2020-01-31`)).data?.list).toEqual([]);
  });

  it('refuses a bad range with a 400 and a wrong operator token with a 401', async () => {
    const backwards = await daily(t, 'from=2026-11-21&to=2026-11-20');
    expect({ status: backwards.status, code: backwards.code }).toEqual({ status: 400, code: 400 });
    expect(backwards.msg).toMatch(/^to: from must not be after to/);
    const tooLong = await daily(t, 'from=2025-01-01&to=2026-11-20');
    expect(tooLong.msg).toMatch(/^to: At most 366 days/);
    expect((await daily(t, 'from=2026-11-21')).msg).toMatch(/^to: /);
    expect((await daily(t, 'from=2026-11-21&to=2026-11-21&name=nope')).msg).toMatch(/^name: /);
    expect((await daily(t, 'from=2026-11-21&to=2026-11-21', 'wrong-token-0123456789abcdef-0123')).status).toBe(401);
  });
});

describeDb('event tracking: limits under load', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clientEvents: { perMin: 3, perClientPerDay: 50 } });
  });
  afterAll(async () => t?.close());

  it('limits batches per address a minute with a 429, other addresses unaffected', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await send(t, events(t, 1), { ip: '10.2.0.1' })).code);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await send(t, events(t, 1), { ip: '10.2.0.2' })).code).toBe(200);
  });

  it('keeps exactly the allowance when one client\'s batches arrive at once', async () => {
    const ips = Array.from({ length: 3 }, (_, i) => `10.3.0.${i}`);
    // One player, three addresses (each under its per-minute limit): the allowance is the player's.
    const player = await buildPlayer(t.app);
    const answers = await Promise.all(ips.flatMap((ip) => [1, 2, 3].map(() => send(t, events(t, 20, TrackedEvent.gameLaunch), { ip, token: player.token }))));
    expect(answers.every((a) => a.code === 200)).toBe(true);
    expect(answers.reduce((sum, a) => sum + (a.data?.accepted ?? 0), 0)).toBe(50);
    const stored = await daily(t, `from=${day(t)}&to=${day(t)}&name=game_launch`);
    expect(stored.data?.list).toEqual([{ day: day(t), name: 'game_launch', count: 50 }]);
  });

  it('answers each client its own count when many clients\' batches are stored together', async () => {
    const sizes = [20, 7, 20, 1, 13, 20, 5, 20];
    const answers = await Promise.all(sizes.map((n, i) => send(t, events(t, n, TrackedEvent.popupShow), { ip: `10.4.0.${i}` })));
    expect(answers.map((a) => a.data?.accepted)).toEqual(sizes);
    const stored = await daily(t, `from=${day(t)}&to=${day(t)}&name=popup_show`);
    expect(stored.data?.list).toEqual([{ day: day(t), name: 'popup_show', count: sizes.reduce((x, y) => x + y, 0) }]);
  });
});

describeDb('event tracking: the body\'s text stored as it came (decision 058)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clientEvents: { perMin: 1_000, perClientPerDay: 1_000 } });
  });
  afterAll(async () => t?.close());

  /** Posts a body's text as it is, from its own address. */
  async function sendText(text: string, ip: string) {
    const res = await t.app.inject({ method: 'POST', url: '/app/v1/anonymous/appEventLogClient', payload: text, headers: { 'content-type': 'application/json' }, remoteAddress: ip });
    return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: { accepted?: number; fields?: Record<string, string> } | null }) };
  }
  async function storedBy(ip: string) {
    const r = (await t.database.db.execute(
      sql`select name, extract(epoch from at)::float8 as at, props from client_event where client_key = ${`ip:${ip}`} order by at, name`,
    )) as unknown as { rows: { name: string; at: number; props: unknown }[] };
    return r.rows.map((x) => ({ ...x, at: Number(x.at) }));
  }

  it('takes the tracker\'s bodies as they came, not those whose numbers JavaScript rounds', () => {
    const tracker = JSON.stringify({ appId: 'playhall', channel: 'WEB', platform: 0, appVersion: ClientConstants.appVersion, eventList: [{ name: 'page_view', time: 1795262400, props: { path: '/game/9', gameId: 1234567890123456 } }] });
    expect(storableAsIs(tracker)).toBe(true);
    for (const odd of ['{"a":1e5}', '{"a":1.5E-3}', `{"a":0.${'0'.repeat(3_100)}1}`, `{"a":"${'x'.repeat(3_100)}"}`, '\uFEFF{}']) expect(storableAsIs(odd), odd).toBe(false);
  });

  it('stores what was checked: escapes, repeated keys (the last), numbers as written, a whole time written with a fraction, whitespace', async () => {
    const time = nowSeconds(t);
    const ip = '10.5.0.1';
    const text = `{ "channel": "WEB", "eventList": [{"name":"popup_show","time":1}],
      "eventList" : [ {"name":"page_view","time":${time}.0,"props":{"path":"/caf\\u00e9\\/x","n":0.25,"m":-3,"b":true,"z":null}},
                      {"name":"game_launch","time":${time + 1},"props":{"gameId":1234567890123456,"p":"a","p":"b"}} ] }`;
    expect(await sendText(text, ip)).toMatchObject({ status: 200, code: 200, data: { accepted: 2 } });
    expect(await storedBy(ip)).toEqual([
      { name: 'page_view', at: time, props: { path: '/café/x', n: 0.25, m: -3, b: true, z: null } },
      { name: 'game_launch', at: time + 1, props: { gameId: 1234567890123456, p: 'b' } },
    ]);
  });

  it('stores the checked values of numbers JavaScript rounds (an exponent, thousands of digits), keeps a long literal\'s digits, and stores a text with a byte-order mark', async () => {
    const time = nowSeconds(t);
    const ip = '10.5.0.2';
    const zeros = '0'.repeat(30_000);
    const texts = [
      `{"eventList":[{"name":"page_view","time":${time},"props":{"tiny":1e-99999}}]}`,
      `{"eventList":[{"name":"page_view","time":${time + 1},"props":{"tiny":0.${zeros}1,"one":1.${zeros}}}]}`,
      `{"eventList":[{"name":"page_view","time":${time + 2},"props":{"big":123456789012345678901234}}]}`,
      `\uFEFF{"eventList":[{"name":"page_view","time":${time + 3}}]}`,
    ];
    for (const text of texts) expect(await sendText(text, ip), text.slice(0, 60)).toMatchObject({ status: 200, code: 200, data: { accepted: 1 } });
    expect(await storedBy(ip)).toEqual([
      { name: 'page_view', at: time, props: { tiny: 0 } },
      { name: 'page_view', at: time + 1, props: { tiny: 0, one: 1 } },
      { name: 'page_view', at: time + 2, props: { big: Number('123456789012345678901234') } },
      { name: 'page_view', at: time + 3, props: null },
    ]);
  });

  it('refuses bad text with a clear 400 and stores nothing of it: unreadable JSON, an empty body, a poisoned prototype, wrong types, too many events, long props', async () => {
    const time = nowSeconds(t);
    const ip = '10.5.0.3';
    const ev = (extra = '') => `{"name":"page_view","time":${time}${extra}}`;
    const cases: [string, RegExp][] = [
      [`{"eventList":[${ev()}`, /JSON/i],
      ['', /empty|JSON/i],
      [`{"eventList":[${ev()}],"__proto__":{"x":1}}`, /./],
      [`{"eventList":[${ev(',"props":{"__proto__":1}')}]}`, /./],
      [`{"eventList":[{"name":"page_view","time":"${time}"}]}`, /^eventList\.0\.time: /],
      [`{"eventList":[{"name":"page_view","time":${time}.5}]}`, /^eventList\.0\.time: /],
      [`{"eventList":[{"name":"page_view","time":${time}e3}]}`, /^eventList\.0\.time: /],
      [`{"eventList":{"0":${ev()}}}`, /^eventList: /],
      [`{"eventList":[${Array.from({ length: 21 }, () => ev()).join(',')}]}`, /^eventList: /],
      [`{"eventList":[${ev(`,"props":{"path":"${'x'.repeat(201)}"}`)}]}`, /^eventList\.0\.props\.path: /],
      [`{"eventList":[${ev(`,"props":{"path":"a\\u0000b"}`)}]}`, /^eventList\.0\.props\.path: /],
      [`{"eventList":[${ev(`,"props":{${Array.from({ length: 9 }, (_, i) => `"k${i}":${i}`).join(',')}}`)}]}`, /^eventList\.0\.props: /],
      [`{"eventList":[${ev(',"props":{"deep":{"a":1}}')}]}`, /^eventList\.0\.props\.deep: /],
    ];
    for (const [text, msg] of cases) {
      const res = await sendText(text, ip);
      expect({ text: text.slice(0, 80), status: res.status, code: res.code }).toEqual({ text: text.slice(0, 80), status: 400, code: 400 });
      expect(res.msg, text.slice(0, 80)).toMatch(msg);
    }
    expect(await storedBy(ip)).toEqual([]);
  });

  it('stores every one of identical batches sent at once, by one client and by several', async () => {
    const time = nowSeconds(t);
    const text = JSON.stringify({ channel: 'WEB', eventList: Array.from({ length: 20 }, () => ({ name: TrackedEvent.popupClaim, time, props: { id: 1 } })) });
    const clients = ['10.5.0.4', '10.5.0.5', '10.5.0.6'];
    const answers = await Promise.all(clients.flatMap((ip) => [1, 2, 3].map(() => sendText(text, ip))));
    expect(answers.map((a) => a.data?.accepted)).toEqual(Array(9).fill(20));
    for (const ip of clients) expect((await storedBy(ip)).length).toBe(60);
  });
});
