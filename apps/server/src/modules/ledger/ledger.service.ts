import { createHash } from 'node:crypto';
import { is, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { AppError, ErrorCode, type Money } from '@playhall/contract';
import type { Db } from '../../db/client.ts';
import { groupCommitTuning } from '../../config.ts';
import { GroupCommit } from '../../db/group-commit.ts';
import { idArray, ReadBatcher, readLanes } from '../../db/read-batch.ts';
import { writesOf } from '../../db/write-generation.ts';
import { sqlState, type Executor, type Tx } from '../../db/tx.ts';
import { ledgerTransfers } from '../../lib/metrics.ts';
import { toMoney } from '../../lib/money.ts';
import * as repo from './ledger.repo.ts';
import type {
  AccountRef,
  Asset,
  EntriesPage,
  EntriesQuery,
  LedgerEntryView,
  PlayerBalances,
  PlayerBook,
  TransferInput,
  TransferResult,
} from './ledger.types.ts';

export * from './ledger.types.ts';

/** Rows per house book and asset; each call picks one at random so house rows never become one hot row. */
export const HOUSE_SHARDS = 16;

/** One shard per open transaction (its drizzle session, which its savepoints share). */
const txShards = new WeakMap<object, number>();

/**
 * The house book shard a posting uses (decision 056): outside a transaction one at random per call;
 * inside a caller's transaction one picked at random when it first posts and kept until it ends, so
 * a transaction (awards, transferIn, savepoints included) holds at most one row of each house book.
 */
export function houseShardOf(x: Executor): number {
  if (!is(x, PgTransaction)) return Math.floor(Math.random() * HOUSE_SHARDS);
  const session = x._.session;
  let shard = txShards.get(session);
  if (shard === undefined) {
    shard = Math.floor(Math.random() * HOUSE_SHARDS);
    txShards.set(session, shard);
  }
  return shard;
}
const MAX_BATCH = 100;
const MAX_KEY = 200;

const PLAYER_BOOK = /^(coin|safebox|withdraw_hold|points|lottery|liveness|coupon:\d+)$/;
const HOUSE_BOOK = /^(clearing:[\w.-]{1,64}|promotion|jackpot:[\w.-]{1,64}|commission_payable|provider:[\w.-]{1,64}|payout_clearing)$/;
const ASSET = /^(coin|points|lottery|liveness|coupon:\d+)$/;

/** The asset a player book holds: coin, safebox and withdraw_hold are all coin. */
export function assetOfBook(book: PlayerBook): Asset {
  return book === 'safebox' || book === 'withdraw_hold' ? 'coin' : book;
}

const unbalanced = (why: string) => new AppError(ErrorCode.unbalancedTransfer, `The transfer is not valid: ${why}`);

/**
 * Checks the input and folds it into one net amount per account (zero nets dropped), sorted so
 * equal requests always produce the same fingerprint.
 */
function prepare(input: TransferInput): repo.PostTransfer {
  if (typeof input.idempotencyKey !== 'string' || input.idempotencyKey.length === 0 || input.idempotencyKey.length > MAX_KEY) {
    throw unbalanced(`the idempotency key must be 1-${MAX_KEY} characters`);
  }
  if (!input.reason) throw unbalanced('a reason is required');
  if (!Array.isArray(input.entries) || input.entries.length === 0) throw unbalanced('no entries');
  const net = new Map<string, { ref: AccountRef; asset: Asset; amount: bigint }>();
  const perAsset = new Map<string, bigint>();
  for (const e of input.entries) {
    if (!Number.isSafeInteger(e.amount) || e.amount === 0) throw unbalanced(`amount ${e.amount} is not a non-zero integer`);
    if (!ASSET.test(e.asset)) throw unbalanced(`unknown asset ${e.asset}`);
    let id: string;
    if ('player' in e.account) {
      const { player, book } = e.account;
      if (!Number.isSafeInteger(player) || player <= 0) throw unbalanced(`player ${player} is not an id`);
      if (!PLAYER_BOOK.test(book)) throw unbalanced(`unknown player book ${book}`);
      if (assetOfBook(book) !== e.asset) throw unbalanced(`book ${book} holds ${assetOfBook(book)}, not ${e.asset}`);
      id = `p:${player}:${book}:${e.asset}`;
    } else {
      if (!HOUSE_BOOK.test(e.account.house)) throw unbalanced(`unknown house book ${e.account.house}`);
      id = `h:${e.account.house}:${e.asset}`;
    }
    const prev = net.get(id);
    net.set(id, { ref: e.account, asset: e.asset, amount: (prev?.amount ?? 0n) + BigInt(e.amount) });
    perAsset.set(e.asset, (perAsset.get(e.asset) ?? 0n) + BigInt(e.amount));
  }
  for (const [asset, sum] of perAsset) if (sum !== 0n) throw unbalanced(`${asset} entries sum to ${sum}, not 0`);
  const entries = [...net.entries()]
    .filter(([, v]) => v.amount !== 0n)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, v]): repo.PostEntry =>
      'player' in v.ref
        ? { u: v.ref.player, b: v.ref.book, a: v.asset, n: v.amount.toString() }
        : { u: null, b: v.ref.house, a: v.asset, n: v.amount.toString() },
    );
  if (entries.length === 0) throw unbalanced('every entry cancels out');
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([input.reason, input.reference ?? null, entries]))
    .digest('hex');
  return { key: input.idempotencyKey, fingerprint, reason: input.reason, reference: input.reference ?? null, at: input.at ?? null, entries };
}

const appliedTransfers = ledgerTransfers.labels('ledger');

/** Turns ledger_post's answer into the result (balances of the player entries), or the typed refusal. */
function settle(transfer: repo.PostTransfer, out: repo.PostOutcome): TransferResult {
  switch (out.code) {
    case repo.Outcome.insufficient:
      throw new AppError(ErrorCode.insufficientBalance);
    case repo.Outcome.unbalanced:
      throw unbalanced('entries do not sum to zero per asset');
    case repo.Outcome.conflict:
      throw new AppError(ErrorCode.idempotencyConflict, undefined, { transferId: Number(out.transferId) });
  }
  if (out.code === repo.Outcome.applied) appliedTransfers.inc();
  const balances: Record<string, number> = {};
  transfer.entries.forEach((e, i) => {
    const after = out.after[i];
    if (e.u !== null && after != null) balances[`${e.u}:${e.b}`] = toMoney(after);
  });
  return { transferId: Number(out.transferId), replayed: out.code === repo.Outcome.replayed, balances };
}

/**
 * A CHECK on ledger_account refused the write: the bound on every balance (MaxBalance, decision
 * 017) or, behind ledger_post's own test, a player balance below zero.
 */
function checkRefusal(err: unknown): AppError {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { constraint, message } = e as { constraint?: unknown; message?: unknown };
    if (constraint === 'ledger_account_balance_bound' || (typeof message === 'string' && message.includes('ledger_account_balance_bound'))) {
      return new AppError(ErrorCode.balanceLimitExceeded);
    }
  }
  return new AppError(ErrorCode.insufficientBalance);
}

const batchers = new WeakMap<Db, GroupCommit<repo.PostTransfer, repo.PostOutcome>>();

/**
 * Applies a transfer inside the caller's open transaction, so a flow can compose several
 * postings (and its own rows) atomically. One round trip. Throws AppError insufficientBalance
 * (3001) when a player balance would go below zero, balanceLimitExceeded (3004) past MaxBalance, idempotencyConflict (3002) when the key was
 * used for a different request, unbalancedTransfer (3003) for invalid entries. A refused
 * transfer aborts the caller's transaction (use a savepoint, tx.transaction(), to carry on).
 */
export async function transferIn(x: Executor, input: TransferInput): Promise<TransferResult> {
  const transfer = prepare(input);
  try {
    const [out] = await repo.postBatch(x, [transfer], houseShardOf(x));
    return settle(transfer, out!);
  } catch (err) {
    if (sqlState(err) === '23514') throw checkRefusal(err);
    throw err;
  }
}

/**
 * A group commit with the ledger's tuning, for postings sent outside a caller's transaction (one per
 * database: transfer() and the award function's awardCommitted). Concurrent calls per database (each
 * batches whatever queued meanwhile) and the queued items that justify a second one: LEDGER_LANES,
 * LEDGER_SPILL, checked at start by loadConfig. `keyOf`: the idempotency key (never twice in a call).
 */
export function ledgerGroupCommit<I, O>(name: string, keyOf: (item: I) => string, send: (items: I[]) => Promise<O[]>): GroupCommit<I, O> {
  const tuning = groupCommitTuning();
  return new GroupCommit({ name, lanes: tuning.ledgerLanes, spill: tuning.ledgerSpill, maxBatch: MAX_BATCH, attempts: 5, keyOf, send });
}

/**
 * Applies a transfer in its own transaction, one round trip, retrying deadlocks and
 * serialization failures. Concurrent calls share a round trip and a commit (group commit, see
 * GroupCommit; a key at most once per call); each still resolves only after its transfer is committed. Same errors as
 * transferIn.
 */
export async function transfer(db: Db, input: TransferInput): Promise<TransferResult> {
  const transfer = prepare(input);
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = ledgerGroupCommit('ledger', (t) => t.key, (transfers) => repo.postBatch(db, transfers, houseShardOf(db)));
    batchers.set(db, batcher);
  }
  try {
    return settle(transfer, await batcher.submit(transfer));
  } catch (err) {
    if (sqlState(err) === '23514') throw checkRefusal(err);
    throw err;
  }
}

/**
 * The award function (modules/rewards, decision 032) posts through ledger_post from inside its own
 * SQL function, in one statement with the wagering and the grant: it prepares and settles its
 * transfers with these, so its checks, fingerprints, answers and refusals are transfer()'s.
 */
export { prepare as preparePosting, settle as settlePosting, checkRefusal as postingRefusal };

/** A player's balances, wagering counters and withdrawable amount. Accounts not yet used read 0. */
export async function getBalances(x: Executor, userId: number): Promise<PlayerBalances> {
  return balancesOf(await repo.walletOf(x, userId));
}

/**
 * getBalances for the hot reads (`online`): the calls arriving together read their players' wallets
 * in one prepared statement (decision 054), each seeing every write committed before it asked.
 */
export function createBalanceReader(db: Db, name = 'ledger_balances'): (userId: number) => Promise<PlayerBalances> {
  const read = repo.prepareWalletsRead(db, name);
  const batcher = new ReadBatcher<repo.WalletRow>({
    name: `read_${name}`,
    lanes: readLanes(db),
    // PGlite: kept while nothing is written (decision 059); balancesOf makes a new value each call.
    keepWhile: writesOf(db),
    read: async (ids) => new Map((await read(idArray(ids))).map((r) => [Number(r.id), r.wallet])),
  });
  return async (userId) => {
    const wallet = await batcher.get(userId);
    // The statement answers a row for every id asked (unnest); none means the statement is wrong.
    if (!wallet) throw new Error(`no wallet row for user ${userId}`);
    return balancesOf(wallet);
  };
}

/**
 * The wallet of the player whose id `userId` holds, as a json column of another module's
 * statement (one round trip for the player and their balances); `balancesOf` reads it.
 */
export const walletExpr = repo.walletJsonExpr;

/** getBalances from a wallet row (walletOf, or a statement's walletExpr column). */
export function balancesOf(row: repo.WalletRow): PlayerBalances {
  const by = new Map<string, string>();
  const coupons: Record<number, number> = {};
  for (const [book, , balance] of row.books ?? []) {
    by.set(book, balance);
    const m = /^coupon:(\d+)$/.exec(book);
    if (m && balance !== '0') coupons[Number(m[1])] = toMoney(balance);
  }
  const read = (book: string) => toMoney(by.get(book) ?? 0);
  const coin = read('coin');
  const bonusLocked = toMoney(row.bonusLocked ?? 0);
  return {
    coin,
    safebox: read('safebox'),
    withdrawHold: read('withdraw_hold'),
    points: read('points'),
    lottery: read('lottery'),
    liveness: read('liveness'),
    coupons,
    bet: toMoney(row.bet ?? 0),
    bonusLocked,
    turnoverRequired: toMoney(row.turnoverRequired ?? 0),
    exchange: Math.max(0, coin - bonusLocked) as Money,
    totalRecharge: toMoney(row.totalRecharge ?? 0),
  };
}

/**
 * Takes the players' money lock for the rest of the transaction: their coin accounts, in id
 * order (decision 019). Every other lock on their money comes after it: the postings that follow
 * (the transfer's other accounts, in id order) and then player_wallet. A flow that checks balances
 * or counters (withdrawable, daily limits) before it posts takes it first, so the checks and the
 * postings are one serial step per player. A flow that only posts needs nothing more: the posting
 * takes its accounts in id order itself. addTurnover, settleTurnover and recordRecharge take it
 * before they write player_wallet.
 */
export async function lockMoney(tx: Executor, userIds: number | number[]): Promise<void> {
  const ids = [...new Set(Array.isArray(userIds) ? userIds : [userIds])];
  for (const id of ids) if (!Number.isSafeInteger(id) || id <= 0) throw new RangeError(`player ${id} is not an id`);
  await repo.lockMoney(tx, ids);
}

/**
 * Wagering: a bonus credit of bonusAmount adds bonusAmount × multiplier to the outstanding
 * turnover `bet` and locks the bonus until that turnover is played. Call it in the same
 * transaction as the transfer that credits the bonus. multiplier: integer 0-10 (0 = no wagering).
 */
export async function addTurnover(tx: Executor, userId: number, bonusAmount: number, multiplier: number): Promise<void> {
  if (!Number.isSafeInteger(bonusAmount) || bonusAmount < 0) throw new RangeError(`bonus amount ${bonusAmount} is not a non-negative integer`);
  if (!Number.isInteger(multiplier) || multiplier < 0 || multiplier > 10) throw new RangeError(`multiplier ${multiplier} is not an integer 0-10`);
  if (bonusAmount === 0 || multiplier === 0) return;
  await lockMoney(tx, userId);
  await repo.addTurnover(tx, userId, BigInt(bonusAmount) * BigInt(multiplier), BigInt(bonusAmount));
}

/**
 * Wagering: a settled bet of betAmount lowers the outstanding turnover (not below 0); when it
 * reaches 0 the locked bonus is released. Returns the counters after.
 */
export async function settleTurnover(tx: Executor, userId: number, betAmount: number): Promise<{ bet: Money; bonusLocked: Money }> {
  if (!Number.isSafeInteger(betAmount) || betAmount < 0) throw new RangeError(`bet amount ${betAmount} is not a non-negative integer`);
  await lockMoney(tx, userId);
  const row = await repo.settleTurnover(tx, userId, BigInt(betAmount));
  return { bet: toMoney(row?.bet ?? 0), bonusLocked: toMoney(row?.bonusLocked ?? 0) };
}

/** Adds a credited deposit to the player's totalRecharge. Call it in the crediting transaction. */
export async function recordRecharge(tx: Executor, userId: number, amount: number): Promise<void> {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`recharge amount ${amount} is not a positive integer`);
  await lockMoney(tx, userId);
  await repo.addRecharge(tx, userId, BigInt(amount));
}

/** A player book's balance as it stood just before `at` (0 before its first entry). */
export async function balanceAt(x: Executor, userId: number, book: PlayerBook, at: Date): Promise<Money> {
  return toMoney(await repo.balanceAt(x, userId, book, at));
}

/**
 * The same balance as a SQL expression (bigint) to place inside a larger statement: the rewards
 * engine's one red-dots statement (decision 031) reads it without a round trip of its own.
 */
export function balanceAtExpr(userId: number, book: PlayerBook, at: Date): SQL {
  return repo.balanceAtExpr(userId, book, at);
}

/** A house book's balance for one asset: the sum of its shards. */
export async function houseBalance(x: Executor, book: string, asset: Asset = 'coin'): Promise<number> {
  return toMoney(await repo.houseBalance(x, book, asset));
}

/** Several house books' balances for one asset, in one statement: book → the sum of its shards (0 for a book never posted to). */
export async function houseBalances(x: Executor, books: readonly string[], asset: Asset = 'coin'): Promise<Map<string, number>> {
  for (const b of books) if (!HOUSE_BOOK.test(b)) throw new RangeError(`unknown house book ${b}`);
  const found = new Map((await repo.houseBalances(x, books, asset)).map((r) => [r.book, toMoney(r.total)]));
  return new Map(books.map((b) => [b, found.get(b) ?? 0]));
}

/** A player's ledger entries, newest first, paged, filtered by kind (reason), book and date. */
export async function entriesOf(x: Executor, userId: number, q: EntriesQuery): Promise<EntriesPage> {
  const page = Math.max(1, Math.floor(q.page));
  const pageSize = Math.min(100, Math.max(1, Math.floor(q.pageSize)));
  const kinds = q.kind === undefined ? undefined : Array.isArray(q.kind) ? q.kind : [q.kind];
  const rows = await repo.entriesOf(x, userId, { kinds, book: q.book, from: q.from, to: q.to, limit: pageSize, offset: (page - 1) * pageSize });
  const list = rows.map(
    (r): LedgerEntryView => ({
      id: Number(r.id),
      transferId: Number(r.transferId),
      kind: r.kind,
      reference: r.reference,
      book: r.book as PlayerBook,
      asset: r.asset as Asset,
      amount: toMoney(r.amount),
      balanceAfter: toMoney(r.balanceAfter),
      createdAt: new Date(r.createdAt),
    }),
  );
  // Past the last page there are no rows to carry the count: fall back to a cheap re-query.
  const total = rows[0] ? Number(rows[0].total) : page > 1 ? (await entriesOf(x, userId, { ...q, page: 1, pageSize: 1 })).total : 0;
  return { list, total, page, pageSize };
}

/** The ledger bound to one database: what routes and other modules hold. */
export function createLedgerService(db: Db) {
  return {
    transfer: (input: TransferInput) => transfer(db, input),
    transferIn: (tx: Tx, input: TransferInput) => transferIn(tx, input),
    getBalances: (userId: number) => getBalances(db, userId),
    entriesOf: (userId: number, q: EntriesQuery) => entriesOf(db, userId, q),
    houseBalance: (book: string, asset?: Asset) => houseBalance(db, book, asset),
    addTurnover,
    settleTurnover,
    recordRecharge,
  };
}
export type LedgerService = ReturnType<typeof createLedgerService>;
