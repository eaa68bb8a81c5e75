import { sql } from 'drizzle-orm';
import {
  ProviderSignatureHeader,
  ProviderTimestampHeader,
  ProviderWalletPrefix,
  type ProviderWalletAction,
} from '@playhall/contract';
import { expect } from 'vitest';
import type { Db } from '../../db/client.ts';
import { withTx } from '../../db/tx.ts';
import type { TestApp } from '../../test/create-test-app.ts';
import { signHmac } from '../../lib/hmac-signature.ts';
import { getBalances, transfer } from '../ledger/ledger.service.ts';
import { createGameSessionsService } from './game-sessions.service.ts';
import { settleIdleRounds } from './game-wallet.repo.ts';

// Tests' view of the catalogue and of a provider calling us over signed HTTP.

export interface TestCatalogue {
  platformId: number;
  platformCode: string;
  launchUrl: string;
  secret: string | null;
  games: { id: number; code: string; typeId: number }[];
}

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  const row = res.rows[0];
  if (!row) throw new Error('expected a row');
  return row;
}

/**
 * A platform with a brand, two game types and a few games (created once per database: an
 * existing code is reused, so the games seed may already hold the `originals` platform).
 * `secret` goes into game_platform_secret (the originals platform's comes from config instead).
 */
export async function ensureCatalogue(
  db: Db,
  o: { platformCode: string; launchUrl?: string; secret?: string; games?: string[]; enabled?: boolean },
): Promise<TestCatalogue> {
  const launchUrl = o.launchUrl ?? `https://${o.platformCode}.example.test/launch`;
  await db.execute(sql`insert into game_platform (code, name, launch_url, enabled) values (${o.platformCode}, ${`Platform ${o.platformCode}`}, ${launchUrl}, ${o.enabled ?? true})
                       on conflict (code) do nothing`);
  const p = await one<{ id: number; launch_url: string }>(db, sql`select id, launch_url from game_platform where code = ${o.platformCode}`);
  if (o.secret) {
    await db.execute(sql`insert into game_platform_secret (platform_id, secret) values (${p.id}, ${o.secret})
                         on conflict (platform_id) do update set secret = excluded.secret`);
  }
  await db.execute(sql`insert into game_brand (platform_id, code, name) values (${p.id}, 'house', 'House studio') on conflict (platform_id, code) do nothing`);
  const brand = await one<{ id: number }>(db, sql`select id from game_brand where platform_id = ${p.id} and code = 'house'`);
  const typeIds: number[] = [];
  for (const code of ['test-slots', 'test-crash']) {
    await db.execute(sql`insert into game_type (code, name) values (${code}, ${code === 'test-slots' ? 'Test slots' : 'Test crash'}) on conflict (code) do nothing`);
    typeIds.push((await one<{ id: number }>(db, sql`select id from game_type where code = ${code}`)).id);
  }
  const games: TestCatalogue['games'] = [];
  const codes = o.games ?? ['test-slot', 'test-crash', 'test-dice'];
  for (const [i, code] of codes.entries()) {
    const typeId = typeIds[i % 2]!;
    await db.execute(sql`insert into game (platform_id, brand_id, type_id, code, name, icon, sort)
                         values (${p.id}, ${brand.id}, ${typeId}, ${code}, ${`Game ${code}`}, '/game-icons/test.svg', ${i})
                         on conflict (platform_id, code) do nothing`);
    const g = await one<{ id: number; type_id: number }>(db, sql`select id, type_id from game where platform_id = ${p.id} and code = ${code}`);
    games.push({ id: g.id, code, typeId: g.type_id });
  }
  return { platformId: p.id, platformCode: o.platformCode, launchUrl: p.launch_url, secret: o.secret ?? null, games };
}

export interface ProviderAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface SignOpts {
  secret?: string;
  /** Unix seconds; defaults to the app clock. */
  timestamp?: number;
  /** Sent instead of the signed body (a body changed after signing). */
  tamperedBody?: string;
  /** Sent instead of the computed signature. */
  signature?: string;
  rawBody?: string;
}

/** A provider's call: `POST /provider/v1/wallet/:platform/:action`, signed like a real aggregator signs it. */
export async function providerCall(
  t: TestApp,
  platformCode: string,
  action: ProviderWalletAction | string,
  body: Record<string, unknown>,
  secret: string,
  o: SignOpts = {},
): Promise<ProviderAnswer> {
  const rawBody = o.rawBody ?? JSON.stringify(body);
  const ts = String(o.timestamp ?? Math.floor(t.clock.now().getTime() / 1000));
  const res = await t.app.inject({
    method: 'POST',
    url: `${ProviderWalletPrefix}/${platformCode}/${action}`,
    headers: {
      'content-type': 'application/json',
      [ProviderTimestampHeader]: ts,
      [ProviderSignatureHeader]: o.signature ?? signHmac(o.secret ?? secret, ts, rawBody),
    },
    payload: o.tamperedBody ?? rawBody,
  });
  return { status: res.statusCode, body: res.json() };
}

/** The launch token inside a launch URL. */
export function tokenOf(url: string): string {
  const token = new URL(url, 'http://local').searchParams.get('token');
  if (!token) throw new Error(`no token in ${url}`);
  return token;
}

let funding = 0;

/** Gives a player coin the way a bonus would (house promotion book → coin), through the ledger. */
export async function fund(db: Db, userId: number, amount: number): Promise<void> {
  await transfer(db, {
    idempotencyKey: `test-fund:${userId}:${funding++}:${Math.random()}`,
    reason: 'bonus_test',
    entries: [
      { account: { house: 'promotion' }, asset: 'coin', amount: -amount },
      { account: { player: userId, book: 'coin' }, asset: 'coin', amount },
    ],
  });
}

/** The player's coin balance from the ledger. */
export async function coinOf(db: Db, userId: number): Promise<number> {
  return (await getBalances(db, userId)).coin;
}

/** A provider of one platform as tests drive it: signed calls, and sessions opened the real way. */
export function providerClient(t: TestApp, cat: TestCatalogue, secret: string) {
  const sessions = createGameSessionsService({ db: t.database.db, clock: t.clock });
  const call = (action: ProviderWalletAction | string, body: Record<string, unknown>, o: SignOpts = {}) => providerCall(t, cat.platformCode, action, body, secret, o);
  return {
    call,
    /** A launch URL as startGame makes it. */
    launch: (userId: number | null, mode: 'real' | 'demo' = 'real', game = cat.games[0]!) =>
      sessions.createLaunch({ userId, gameId: game.id, gameCode: game.code, platformCode: cat.platformCode, launchUrl: cat.launchUrl, mode, lang: 'en-US' }),
    /** Launch + authenticate: the session token the provider then uses. */
    async session(userId: number | null, mode: 'real' | 'demo' = 'real', game = cat.games[0]!): Promise<string> {
      const l = await sessions.createLaunch({ userId, gameId: game.id, gameCode: game.code, platformCode: cat.platformCode, launchUrl: cat.launchUrl, mode, lang: 'en-US' });
      const res = await call('authenticate', { launchToken: tokenOf(l.url) });
      expect(res.body.status, JSON.stringify(res.body)).toBe('OK');
      return res.body.sessionToken as string;
    },
    sessions,
  };
}

/** One pass of the idle-round sweep, as the round sweeper runs it: how many rounds idle since `idleBefore` it ended. */
export function sweepIdleRounds(db: Db, idleBefore: Date, now: Date, limit: number): Promise<number> {
  return withTx(db, (tx) => settleIdleRounds(tx, idleBefore, now, limit));
}
