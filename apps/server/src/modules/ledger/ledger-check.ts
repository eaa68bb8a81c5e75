import type { Executor } from '../../db/tx.ts';
import * as repo from './ledger.repo.ts';
import * as rec from './reconcile.repo.ts';

/** At most this many differences of each kind are listed: a badly broken database still gives a readable report. */
const LIST_LIMIT = 1000;

export interface LedgerReport {
  ok: boolean;
  counts: repo.LedgerTotals;
  /** Per asset: what players hold and the house side's sum. Across both they always net to zero. */
  assets: { asset: string; player: string; house: string }[];
  accountMismatches: repo.AccountMismatch[];
  transferMismatches: repo.TransferMismatch[];
  /** The ledger against the domain tables and its own balance_after chain (each list cut at LIST_LIMIT). */
  deposits: rec.DepositDifference[];
  withdrawals: rec.WithdrawalDifference[];
  holds: rec.HoldDifference[];
  games: rec.GameDifference[];
  chains: rec.ChainDifference[];
  safebox: rec.SafeboxDifference[];
}

/**
 * Verifies the ledger over the whole database: every account's balance equals the sum of its
 * entries (and no player balance is negative), every transfer's entries sum to zero per asset,
 * each account's balance_after chain is unbroken; and the domain tables agree with it: paid
 * deposit orders and their credits, withdrawals and their holds, game transactions and their
 * entries, safebox moves. Read-only.
 */
export async function checkLedger(x: Executor): Promise<LedgerReport> {
  if (!(await repo.ledgerExists(x))) throw new Error('this database has no ledger yet: run `npm start` or `npm run migrate -w apps/server` first');
  const [accountMismatches, transferMismatches, totals, deposits, withdrawals, holds, games, chains, safebox] = await Promise.all([
    repo.accountMismatches(x),
    repo.transferMismatches(x),
    repo.totals(x),
    rec.depositDifferences(x, LIST_LIMIT),
    rec.withdrawalDifferences(x, LIST_LIMIT),
    rec.holdDifferences(x, LIST_LIMIT),
    rec.gameDifferences(x, LIST_LIMIT),
    rec.chainDifferences(x, LIST_LIMIT),
    rec.safeboxDifferences(x, LIST_LIMIT),
  ]);
  const differences = [accountMismatches, transferMismatches, deposits, withdrawals, holds, games, chains, safebox];
  return {
    ok: differences.every((d) => d.length === 0),
    counts: totals.counts,
    assets: totals.assets,
    accountMismatches,
    transferMismatches,
    deposits,
    withdrawals,
    holds,
    games,
    chains,
    safebox,
  };
}

const coins = (v: string | null) => v ?? 'nothing';

function depositLine(d: rec.DepositDifference): string {
  const order = `deposit order ${d.orderNo}`;
  switch (d.problem) {
    case 'not credited':
      return `${order} (player ${d.userId}, ${d.amount}) is paid but has no ledger credit`;
    case 'no such order':
      return `ledger credit deposit:${d.orderNo} of ${coins(d.credited)} has no deposit order`;
    case 'credited but not paid':
      return `${order} (player ${d.userId}, ${d.amount}) is ${d.status} but was credited ${coins(d.credited)}`;
    case 'credit differs':
      return `${order} (player ${d.userId}, ${d.amount}) was credited ${coins(d.credited)} to the player's coin (expected one entry of ${d.amount} to player ${d.userId})`;
  }
}

function withdrawalLine(w: rec.WithdrawalDifference): string {
  const order = `withdrawal ${w.orderNo} (player ${w.userId}, ${w.amount}, ${w.status})`;
  const steps = `${w.hasPaid ? 'paid out' : 'not paid out'}, ${w.hasRelease ? 'released' : 'not released'}`;
  switch (w.problem) {
    case 'no such order':
      return `ledger postings withdraw:${w.orderNo}:… (${w.net} left in hold) have no withdrawal order`;
    case 'no hold':
      return `${order} has no hold posting`;
    case 'hold differs':
      return `${order}: its hold put ${w.held} in withdraw_hold`;
    case 'open but closed in the ledger':
      return `${order} is still open but its hold was ${steps}`;
    case 'paid but not paid out':
      return `${order}: its hold was ${steps}`;
    case 'closed but not returned':
      return `${order}: its hold was ${steps} (a rejected or failed withdrawal returns its hold)`;
    case 'left in hold differs':
      return `${order}: its postings leave ${w.net} in withdraw_hold`;
  }
}

function gameLine(g: rec.GameDifference): string {
  const tx = `game transaction ${g.platform}/${g.transactionId} (${g.kind} ${g.status}, player ${g.userId})`;
  switch (g.problem) {
    case 'no entry':
      return `${tx} should move ${g.expected} but has no ledger entry${g.transferId ? ` in transfer ${g.transferId}` : ''}`;
    case 'entry differs':
      return `${tx} should move ${g.expected} but its entry in transfer ${g.transferId} moved ${g.entry}`;
    case 'transfer without a move':
      return `${tx} moves nothing but names transfer ${g.transferId}`;
    case 'entry without a transaction':
      return `ledger entry of ${g.entry} for player ${g.userId} in game transfer ${g.transferId} has no game transaction`;
    case 'entry claimed twice':
      return `game transactions ${g.platform}/${g.transactionId} (player ${g.userId}) all claim the one entry of transfer ${g.transferId}`;
  }
}

function chainLine(c: rec.ChainDifference): string {
  const account = `account ${c.accountId} (${c.userId ? `player ${c.userId}` : `house shard ${c.shard}`}, ${c.book}, ${c.asset})`;
  return c.balance !== null && c.balanceAfter === c.running
    ? `${account}: its last entry ${c.entryId} says balance_after ${c.balanceAfter} but the balance is ${c.balance}`
    : `${account}: entry ${c.entryId} says balance_after ${c.balanceAfter} but the entries up to it sum to ${c.running}`;
}

function safeboxLine(s: rec.SafeboxDifference): string {
  const transfer = `transfer ${s.transferId} (${s.key}, ${s.reason}, player ${s.userId})`;
  switch (s.problem) {
    case 'not one player moving coin and safebox':
      return `safebox ${transfer} is not one entry each on one player's coin and safebox, opposite and in coin`;
    case 'moves the safebox the wrong way':
      return `safebox ${transfer} moves the safebox against its direction`;
    case 'safebox entry from another kind of transfer':
      return `${transfer} touches the player's safebox but is not a safebox move`;
  }
}

/** Every difference of the report, one line each, in the order the report lists them. */
function differenceLines(r: LedgerReport): string[] {
  const lists: string[][] = [
    r.accountMismatches.map((m) => {
      const owner = m.userId ? `player ${m.userId}` : `house shard ${m.shard}`;
      return `account ${m.accountId} (${owner}, ${m.book}, ${m.asset}): balance ${m.balance} but entries sum to ${m.entriesSum}`;
    }),
    r.transferMismatches.map((m) => `transfer ${m.transferId}${m.asset ? ` (${m.asset})` : ''}: ${m.problem}${m.problem.startsWith('entries do not') ? ` (sum ${m.sum})` : ''}`),
    r.chains.map(chainLine),
    r.deposits.map(depositLine),
    r.withdrawals.map(withdrawalLine),
    r.holds.map((h) => `player ${h.userId} has ${h.held} in withdraw_hold but their open withdrawals total ${h.open}`),
    r.games.map(gameLine),
    r.safebox.map(safeboxLine),
  ];
  return lists.flatMap((l) => [...l.map((line) => `✗ ${line}`), ...(l.length >= LIST_LIMIT ? [`✗ … (only the first ${LIST_LIMIT} of this kind are listed)`] : [])]);
}

/** The report as the operator reads it. */
export function formatLedgerReport(r: LedgerReport): string {
  const lines = [
    `Ledger: ${r.counts.accounts} accounts, ${r.counts.transfers} transfers, ${r.counts.entries} entries`,
    ...r.assets.map((a) => `  ${a.asset.padEnd(14)} players ${a.player.padStart(16)}   house ${a.house.padStart(16)}`),
  ];
  const problems = differenceLines(r);
  lines.push(...problems);
  lines.push(
    r.ok
      ? '✓ every account equals the sum of its entries and every transfer balances; balance_after chains, deposits, withdrawals, game transactions and safebox moves agree with the ledger'
      : `✗ ${problems.filter((l) => !l.startsWith('✗ …')).length} problem(s) found`,
  );
  return lines.join('\n');
}
