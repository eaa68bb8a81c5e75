import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/tx.ts';
import { rechargeType, withdrawChannel } from '../../db/schema.ts';

export interface EnabledChannel {
  kind: 'deposit' | 'payout';
  key: string;
  provider: string;
}

/** Every enabled deposit and payout channel with its provider. */
export async function listEnabledChannels(x: Executor): Promise<EnabledChannel[]> {
  const [deposits, payouts] = await Promise.all([
    x.select({ key: rechargeType.typeKey, provider: rechargeType.provider }).from(rechargeType).where(eq(rechargeType.enabled, true)),
    x.select({ key: withdrawChannel.channelKey, provider: withdrawChannel.provider }).from(withdrawChannel).where(eq(withdrawChannel.enabled, true)),
  ]);
  return [...deposits.map((c) => ({ kind: 'deposit' as const, ...c })), ...payouts.map((c) => ({ kind: 'payout' as const, ...c }))];
}
