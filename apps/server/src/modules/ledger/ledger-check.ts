import type { Executor } from '../../db/tx.ts';
import * as repo from './ledger.repo.ts';

export interface LedgerReport {
  ok: boolean;
  counts: repo.LedgerTotals;
  /** Per asset: what players hold and the house side's sum. Across both they always net to zero. */
  assets: { asset: string; player: string; house: string }[];
  accountMismatches: repo.AccountMismatch[];
  transferMismatches: repo.TransferMismatch[];
}

/**
 * Verifies the two ledger invariants over the whole database: every account's balance equals the
 * sum of its entries (and no player balance is negative), and every transfer's entries sum to
 * zero per asset. Read-only.
 */
export async function checkLedger(x: Executor): Promise<LedgerReport> {
  if (!(await repo.ledgerExists(x))) throw new Error('this database has no ledger yet: run `npm start` or `npm run migrate -w apps/server` first');
  const [accountMismatches, transferMismatches, totals] = await Promise.all([repo.accountMismatches(x), repo.transferMismatches(x), repo.totals(x)]);
  return {
    ok: accountMismatches.length === 0 && transferMismatches.length === 0,
    counts: totals.counts,
    assets: totals.assets,
    accountMismatches,
    transferMismatches,
  };
}

/** The report as the operator reads it. */
export function formatLedgerReport(r: LedgerReport): string {
  const lines = [
    `Ledger: ${r.counts.accounts} accounts, ${r.counts.transfers} transfers, ${r.counts.entries} entries`,
    ...r.assets.map((a) => `  ${a.asset.padEnd(14)} players ${a.player.padStart(16)}   house ${a.house.padStart(16)}`),
  ];
  for (const m of r.accountMismatches) {
    const owner = m.userId ? `player ${m.userId}` : `house shard ${m.shard}`;
    lines.push(`✗ account ${m.accountId} (${owner}, ${m.book}, ${m.asset}): balance ${m.balance} but entries sum to ${m.entriesSum}`);
  }
  for (const m of r.transferMismatches) {
    lines.push(`✗ transfer ${m.transferId}${m.asset ? ` (${m.asset})` : ''}: ${m.problem}${m.problem.startsWith('entries do not') ? ` (sum ${m.sum})` : ''}`);
  }
  lines.push(r.ok ? '✓ every account equals the sum of its entries and every transfer balances' : `✗ ${r.accountMismatches.length + r.transferMismatches.length} problem(s) found`);
  return lines.join('\n');
}
