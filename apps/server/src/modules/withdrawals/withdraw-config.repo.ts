import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { withdrawBank, withdrawChannel, type WithdrawBankRow, type WithdrawChannelRow } from '../../db/schema.ts';

export interface PayoutConfig {
  channels: WithdrawChannelRow[];
  banks: WithdrawBankRow[];
}

/** Enabled payout channels and their enabled banks, in display order. */
export async function loadPayoutConfig(x: Executor): Promise<PayoutConfig> {
  const [channels, banks] = await Promise.all([
    x.select().from(withdrawChannel).where(eq(withdrawChannel.enabled, true)).orderBy(asc(withdrawChannel.sort), asc(withdrawChannel.id)),
    x.select().from(withdrawBank).where(eq(withdrawBank.enabled, true)).orderBy(asc(withdrawBank.sort), asc(withdrawBank.id)),
  ]);
  return { channels, banks };
}

export async function findChannel(x: Executor, id: number): Promise<WithdrawChannelRow | null> {
  const rows = await x.select().from(withdrawChannel).where(eq(withdrawChannel.id, id));
  return rows[0] ?? null;
}

export async function findEnabledBank(x: Executor, channelId: number, bankId: number): Promise<WithdrawBankRow | null> {
  const rows = await x.select().from(withdrawBank)
    .where(and(eq(withdrawBank.id, bankId), eq(withdrawBank.channelId, channelId), eq(withdrawBank.enabled, true)));
  return rows[0] ?? null;
}

export async function findBank(x: Executor, id: number): Promise<WithdrawBankRow | null> {
  const rows = await x.select().from(withdrawBank).where(eq(withdrawBank.id, id));
  return rows[0] ?? null;
}
