import type { Db } from '../client.ts';
import { withdrawBank, withdrawChannel } from '../schema.ts';

interface DemoPayoutChannel {
  channelKey: string;
  name: string;
  sort: number;
  minAmount: number;
  maxAmount: number | null;
  banks: Array<{ code: string; name: string }>;
}

/**
 * Payout channels. Keys match the deposit channels' keys, so a channel's deposits and payouts
 * net out in one clearing account (`clearing:<key>`).
 */
export const demoPayoutChannels: DemoPayoutChannel[] = [
  { channelKey: 'pix', name: 'PIX', sort: 1, minAmount: 2000, maxAmount: 2_000_000, banks: [] },
  {
    channelKey: 'bank-transfer',
    name: 'Bank transfer',
    sort: 2,
    minAmount: 5000,
    maxAmount: 5_000_000,
    banks: [
      { code: '001', name: 'Banco do Brasil' },
      { code: '341', name: 'Itaú' },
      { code: '237', name: 'Bradesco' },
      { code: '104', name: 'Caixa' },
      { code: '260', name: 'Nubank' },
    ],
  },
];

/** Idempotent like the deposit seed: banks come only with a new channel, so an operator's removals stick. */
export async function seedWithdraw(db: Db): Promise<void> {
  for (const c of demoPayoutChannels) {
    const inserted = await db
      .insert(withdrawChannel)
      .values({
        channelKey: c.channelKey,
        name: c.name,
        sort: c.sort,
        minAmount: BigInt(c.minAmount),
        maxAmount: c.maxAmount === null ? null : BigInt(c.maxAmount),
      })
      .onConflictDoNothing()
      .returning({ id: withdrawChannel.id });
    const channelId = inserted[0]?.id;
    if (channelId === undefined || c.banks.length === 0) continue;
    await db.insert(withdrawBank).values(c.banks.map((b, i) => ({ channelId, code: b.code, name: b.name, sort: i + 1 }))).onConflictDoNothing();
  }
}
