// Tests' view of the Originals as the in-iframe client and the lobby use them: a player of the
// main app (registered and funded the real way), startGame, then the game API with the launch
// token. It lives in the server's tests because it drives the whole app: the Originals themselves
// import nothing of the server and reach money only through the provider wallet protocol.
import { expect } from 'vitest';
import { call, type TestApp } from '../create-test-app.ts';
import { buildPlayer, type TestPlayer } from '../factories.ts';
import { transfer } from '../../modules/ledger/ledger.service.ts';
import { deposit } from '../../modules/ledger/ledger-test-helpers.ts';
import { seededGameIds } from '../../modules/games/games-test-kit.ts';
import { checkLedger } from '../../modules/ledger/ledger-check.ts';

export type GameCode = 'slot' | 'crash' | 'mines' | 'dice';

export interface ApiAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

/** POST /originals/api/<path> as the client sends it. */
export async function api(t: TestApp, path: string, body: Record<string, unknown> = {}, token?: string): Promise<ApiAnswer> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/originals/api/${path}`,
    payload: body,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

let deposits = 0;

/** A registered player with `coins` hundredths deposited through the ledger. */
export async function fundedPlayer(t: TestApp, amount: number): Promise<TestPlayer> {
  const p = await buildPlayer(t.app);
  if (amount > 0) await transfer(t.database.db, deposit(`originals-test-deposit:${p.user.id}:${deposits++}`, p.user.id, amount));
  return p;
}

/** The player's coin balance as the lobby shows it (refreshData). */
export async function coinOf(t: TestApp, p: TestPlayer): Promise<number> {
  const res = await call(t.app, 'refreshData', {}, p.token);
  expect(res.code, res.msg).toBe(200);
  return res.data.coin as number;
}

/** startGame (or a visitor's anonymous/startGame), then the game's session call with the launch URL's token. */
export async function openGame(t: TestApp, p: TestPlayer | null, game: GameCode, o: { tryIt?: boolean } = {}) {
  const ids = await seededGameIds(t.database);
  const launch = p
    ? await call(t.app, 'startGame', { gameId: ids[game], ...(o.tryIt ? { tryIt: true } : {}) }, p.token)
    : await call(t.app, 'anonymous/startGame', { gameId: ids[game] });
  expect(launch.code, launch.msg).toBe(200);
  const url = new URL(launch.data.url as string, 'http://local');
  expect(url.pathname).toBe(`/originals/play/${game}`);
  const launchToken = url.searchParams.get('token')!;
  const res = await api(t, 'session', { launchToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { launchToken, token: res.body.token as string, session: res.body };
}

export async function expectLedgerOk(t: TestApp): Promise<void> {
  const report = await checkLedger(t.database.db);
  expect(report.ok, JSON.stringify(report)).toBe(true);
}

/** The player's rounds as betRecord lists them (newest first). */
export async function betRecords(t: TestApp, p: TestPlayer): Promise<{ roundId: string; bet: number; win: number; status: string }[]> {
  const res = await call(t.app, 'betRecord', { pageNum: 1, pageSize: 100 }, p.token);
  expect(res.code, res.msg).toBe(200);
  return res.data.list;
}
