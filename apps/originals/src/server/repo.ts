/**
 * The Originals' own tables (migration 20261121_0500_originals.sql), in plain SQL through the
 * drizzle database the host passes in. Nothing here reads the wallet's or the ledger's tables.
 */
import { sql, type SQL } from 'drizzle-orm';

/** What the Originals need of a drizzle PostgreSQL database (PGlite or node-postgres). */
export interface SqlExecutor {
  execute(query: SQL): Promise<unknown>;
}
export interface OriginalsDb extends SqlExecutor {
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
}

async function rows<T>(x: SqlExecutor, q: SQL): Promise<T[]> {
  return ((await x.execute(q)) as { rows: T[] }).rows;
}
async function first<T>(x: SqlExecutor, q: SQL): Promise<T | null> {
  return (await rows<T>(x, q))[0] ?? null;
}

export type Mode = 'real' | 'demo';
export type GameCode = 'slot' | 'crash' | 'mines' | 'dice';
export type RoundStatus = 'pending' | 'open' | 'settling' | 'settled' | 'refused';

export interface SessionRow {
  id: number;
  walletToken: string;
  playerRef: string;
  mode: Mode;
  gameCode: GameCode;
  nickname: string;
  demoBalance: number | null;
  lastSeenAt: Date;
}

const sessionCols = sql`id::int as "id", wallet_token as "walletToken", player_ref as "playerRef", mode, game_code as "gameCode", nickname,
  demo_balance::float8 as "demoBalance", last_seen_at as "lastSeenAt"`;

function session(r: SessionRow | null): SessionRow | null {
  return r ? { ...r, lastSeenAt: new Date(r.lastSeenAt), demoBalance: r.demoBalance === null ? null : Number(r.demoBalance) } : null;
}

export async function insertSession(
  x: SqlExecutor,
  s: { tokenHash: string; walletToken: string; playerRef: string; mode: Mode; gameCode: GameCode; nickname: string; demoBalance: number | null; now: Date },
): Promise<SessionRow> {
  const r = await first<SessionRow>(
    x,
    sql`insert into originals_session (token_hash, wallet_token, player_ref, mode, game_code, nickname, demo_balance, created_at, last_seen_at)
        values (${s.tokenHash}, ${s.walletToken}, ${s.playerRef}, ${s.mode}, ${s.gameCode}, ${s.nickname}, ${s.demoBalance}, ${s.now.toISOString()}, ${s.now.toISOString()})
        returning ${sessionCols}`,
  );
  return session(r)!;
}

export async function sessionByToken(x: SqlExecutor, tokenHash: string): Promise<SessionRow | null> {
  return session(await first<SessionRow>(x, sql`select ${sessionCols} from originals_session where token_hash = ${tokenHash}`));
}

export async function sessionById(x: SqlExecutor, id: number): Promise<SessionRow | null> {
  return session(await first<SessionRow>(x, sql`select ${sessionCols} from originals_session where id = ${id}`));
}

export async function touchSession(x: SqlExecutor, id: number, now: Date): Promise<void> {
  await x.execute(sql`update originals_session set last_seen_at = ${now.toISOString()} where id = ${id}`);
}

/** Demo stake: takes play money only if there is enough. Null when there is not. */
export async function demoDebit(x: SqlExecutor, sessionId: number, amount: number): Promise<number | null> {
  const r = await first<{ b: number }>(
    x,
    sql`update originals_session set demo_balance = demo_balance - ${amount} where id = ${sessionId} and demo_balance >= ${amount} returning demo_balance::float8 as b`,
  );
  return r ? Number(r.b) : null;
}

export async function demoCredit(x: SqlExecutor, sessionId: number, amount: number): Promise<number> {
  const r = await first<{ b: number }>(x, sql`update originals_session set demo_balance = demo_balance + ${amount} where id = ${sessionId} returning demo_balance::float8 as b`);
  return Number(r!.b);
}

/** Demo refill: back to `to` only while below `below`. Null when not allowed. */
export async function demoRefill(x: SqlExecutor, sessionId: number, to: number, below: number): Promise<number | null> {
  const r = await first<{ b: number }>(
    x,
    sql`update originals_session set demo_balance = ${to} where id = ${sessionId} and mode = 'demo' and demo_balance < ${below} returning demo_balance::float8 as b`,
  );
  return r ? Number(r.b) : null;
}

// ── Seed pairs ──────────────────────────────────────────────────────────────────────────────

export interface SeedPairRow {
  id: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}
const pairCols = sql`id::int as "id", server_seed as "serverSeed", server_seed_hash as "serverSeedHash", client_seed as "clientSeed", nonce`;

/** Inserts a player's first active pair unless one exists (a concurrent first session wins). */
export async function ensureSeedPair(x: SqlExecutor, playerRef: string, pair: Omit<SeedPairRow, 'id' | 'nonce'>, now: Date): Promise<SeedPairRow> {
  await x.execute(sql`insert into originals_seed_pair (player_ref, server_seed, server_seed_hash, client_seed, created_at)
                      values (${playerRef}, ${pair.serverSeed}, ${pair.serverSeedHash}, ${pair.clientSeed}, ${now.toISOString()})
                      on conflict (player_ref) where active do nothing`);
  return (await activePair(x, playerRef))!;
}

export async function activePair(x: SqlExecutor, playerRef: string, forUpdate = false): Promise<SeedPairRow | null> {
  return first<SeedPairRow>(x, sql`select ${pairCols} from originals_seed_pair where player_ref = ${playerRef} and active ${forUpdate ? sql`for update` : sql``}`);
}

/** Takes the next nonce of the player's active pair (the row lock orders concurrent rounds). */
export async function takeNonce(x: SqlExecutor, playerRef: string): Promise<SeedPairRow> {
  const r = await first<SeedPairRow>(
    x,
    sql`update originals_seed_pair set nonce = nonce + 1 where player_ref = ${playerRef} and active
        returning id::int as "id", server_seed as "serverSeed", server_seed_hash as "serverSeedHash", client_seed as "clientSeed", nonce - 1 as "nonce"`,
  );
  if (!r) throw new Error(`no active seed pair for ${playerRef}`);
  return r;
}

export async function revealPair(x: SqlExecutor, id: number, now: Date): Promise<void> {
  await x.execute(sql`update originals_seed_pair set active = false, revealed_at = ${now.toISOString()} where id = ${id}`);
}

export async function insertPair(x: SqlExecutor, playerRef: string, pair: Omit<SeedPairRow, 'id' | 'nonce'>, now: Date): Promise<SeedPairRow> {
  return (await first<SeedPairRow>(
    x,
    sql`insert into originals_seed_pair (player_ref, server_seed, server_seed_hash, client_seed, created_at)
        values (${playerRef}, ${pair.serverSeed}, ${pair.serverSeedHash}, ${pair.clientSeed}, ${now.toISOString()}) returning ${pairCols}`,
  ))!;
}

// ── Rounds ──────────────────────────────────────────────────────────────────────────────────

export interface RoundRow {
  id: string;
  sessionId: number;
  playerRef: string;
  mode: Mode;
  game: GameCode;
  status: RoundStatus;
  bet: number;
  win: number | null;
  seedPairId: number | null;
  nonce: number | null;
  params: Record<string, unknown> | null;
  outcome: Record<string, unknown> | null;
  state: Record<string, unknown> | null;
  createdAt: Date;
  endsAt: Date | null;
  /** Joined: the pair's hash and client seed, and its seed once revealed. */
  serverSeedHash: string | null;
  clientSeed: string | null;
  serverSeed: string | null;
}

const roundCols = sql`r.id, r.session_id::int as "sessionId", r.player_ref as "playerRef", r.mode, r.game, r.status, r.bet::float8 as "bet", r.win::float8 as "win",
  r.seed_pair_id::int as "seedPairId", r.nonce, r.params, r.outcome, r.state, r.created_at as "createdAt", r.ends_at as "endsAt",
  p.server_seed_hash as "serverSeedHash", p.client_seed as "clientSeed", case when p.active then null else p.server_seed end as "serverSeed"`;

function round(r: RoundRow | null): RoundRow | null {
  if (!r) return null;
  const json = (v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as Record<string, unknown>) : (v as Record<string, unknown> | null));
  return {
    ...r,
    bet: Number(r.bet),
    win: r.win === null ? null : Number(r.win),
    params: json(r.params),
    outcome: json(r.outcome),
    state: json(r.state),
    createdAt: new Date(r.createdAt),
    endsAt: r.endsAt === null ? null : new Date(r.endsAt),
  };
}

/** A pending round (no nonce yet). False when the player already has a Mines / Crash round in play. */
export async function insertPending(x: SqlExecutor, r: { id: string; sessionId: number; playerRef: string; mode: Mode; game: GameCode; bet: number; now: Date }): Promise<boolean> {
  const res = await rows<{ id: string }>(
    x,
    sql`insert into originals_round (id, session_id, player_ref, mode, game, status, bet, created_at)
        values (${r.id}, ${r.sessionId}, ${r.playerRef}, ${r.mode}, ${r.game}, 'pending', ${r.bet}, ${r.now.toISOString()})
        on conflict (player_ref, game) where status in ('pending', 'open') and game in ('mines', 'crash') do nothing
        returning id`,
  );
  return res.length === 1;
}

export async function roundById(x: SqlExecutor, id: string, forUpdate = false): Promise<RoundRow | null> {
  return round(
    await first<RoundRow>(x, sql`select ${roundCols} from originals_round r left join originals_seed_pair p on p.id = r.seed_pair_id where r.id = ${id} ${forUpdate ? sql`for update of r` : sql``}`),
  );
}

/** The player's round of this game still in play (Mines / Crash), if any. */
export async function openRoundOf(x: SqlExecutor, playerRef: string, game: GameCode): Promise<RoundRow | null> {
  return round(
    await first<RoundRow>(
      x,
      sql`select ${roundCols} from originals_round r left join originals_seed_pair p on p.id = r.seed_pair_id
          where r.player_ref = ${playerRef} and r.game = ${game} and r.status = 'open' order by r.created_at desc limit 1`,
    ),
  );
}

export async function hasUnfinished(x: SqlExecutor, playerRef: string): Promise<boolean> {
  return (await rows(x, sql`select 1 from originals_round where player_ref = ${playerRef} and status in ('pending', 'open') limit 1`)).length > 0;
}

export interface RoundUpdate {
  status: RoundStatus;
  win?: number | null;
  seedPairId?: number;
  nonce?: number;
  params?: unknown;
  outcome?: unknown;
  state?: unknown;
  endsAt?: Date | null;
  settledAt?: Date | null;
}

/** Moves a round on, only from the status it is expected in. False when it was not in it. */
export async function updateRound(x: SqlExecutor, id: string, from: RoundStatus[], u: RoundUpdate): Promise<boolean> {
  const sets: SQL[] = [sql`status = ${u.status}`];
  if (u.win !== undefined) sets.push(sql`win = ${u.win}`);
  if (u.seedPairId !== undefined) sets.push(sql`seed_pair_id = ${u.seedPairId}`);
  if (u.nonce !== undefined) sets.push(sql`nonce = ${u.nonce}`);
  if (u.params !== undefined) sets.push(sql`params = ${JSON.stringify(u.params)}::jsonb`);
  if (u.outcome !== undefined) sets.push(sql`outcome = ${JSON.stringify(u.outcome)}::jsonb`);
  if (u.state !== undefined) sets.push(sql`state = ${JSON.stringify(u.state)}::jsonb`);
  if (u.endsAt !== undefined) sets.push(sql`ends_at = ${u.endsAt?.toISOString() ?? null}`);
  if (u.settledAt !== undefined) sets.push(sql`settled_at = ${u.settledAt?.toISOString() ?? null}`);
  const res = await rows<{ id: string }>(
    x,
    sql`update originals_round set ${sql.join(sets, sql`, `)} where id = ${id} and status in (${sql.join(
      from.map((f) => sql`${f}`),
      sql`, `,
    )}) returning id`,
  );
  return res.length === 1;
}

/** Recent rounds of a player's game, newest first (pending and refused ones left out). */
export async function recentRounds(x: SqlExecutor, playerRef: string, game: GameCode, limit: number): Promise<RoundRow[]> {
  const list = await rows<RoundRow>(
    x,
    sql`select ${roundCols} from originals_round r left join originals_seed_pair p on p.id = r.seed_pair_id
        where r.player_ref = ${playerRef} and r.game = ${game} and r.status in ('open', 'settling', 'settled')
        order by r.created_at desc, r.nonce desc limit ${limit}`,
  );
  return list.map((r) => round(r)!);
}

/** Rounds the sweeper must finish: crash rounds past their end, owed wins, pending bets older than `pendingBefore`. */
export async function unfinished(x: SqlExecutor, now: Date, pendingBefore: Date): Promise<{ id: string; status: RoundStatus; game: GameCode }[]> {
  return rows(
    x,
    sql`select id, status, game from originals_round
        where (status = 'open' and game = 'crash' and ends_at <= ${now.toISOString()})
           or status = 'settling'
           or (status = 'pending' and created_at < ${pendingBefore.toISOString()})
        order by created_at limit 500`,
  );
}

/** Open crash rounds with their end time (timers after a start). */
export async function openCrashRounds(x: SqlExecutor): Promise<{ id: string; endsAt: Date }[]> {
  const list = await rows<{ id: string; endsAt: Date }>(x, sql`select id, ends_at as "endsAt" from originals_round where status = 'open' and game = 'crash'`);
  return list.map((r) => ({ id: r.id, endsAt: new Date(r.endsAt) }));
}
