import { describe, expect, it } from 'vitest';
import { MaxBalance, MaxCallAmount, endpoints, providerRequests } from './index.ts';

// Decision 017: an amount past one call's maximum never reaches the server's logic or its database.

describe('amounts one call may move', () => {
  const session = { sessionToken: 's'.repeat(16), transactionId: 'tx-1', roundId: 'r-1' };

  it('provider bets and wins take 0 (wins) or 1 (bets) .. MaxCallAmount hundredths, no more', () => {
    expect(providerRequests.win.safeParse({ ...session, amount: MaxCallAmount }).success).toBe(true);
    expect(providerRequests.bet.safeParse({ ...session, gameCode: 'g', amount: MaxCallAmount }).success).toBe(true);
    for (const amount of [MaxCallAmount + 1, MaxBalance]) {
      const win = providerRequests.win.safeParse({ ...session, amount });
      expect(win.success).toBe(false);
      expect(win.error?.issues[0]?.message).toBe(`must be at most ${MaxCallAmount} hundredths`);
      expect(providerRequests.bet.safeParse({ ...session, gameCode: 'g', amount }).success).toBe(false);
    }
  });

  it('deposits, withdrawals and safebox moves are bounded the same way', () => {
    const bodies = {
      recharge: { typeId: 1 },
      exchange: { accountId: 1, requestId: 'w-1' },
      safeboxDeposit: { password: '123456' },
      safeboxWithdraw: { password: '123456' },
    } as const;
    for (const [path, body] of Object.entries(bodies)) {
      const request = endpoints[path as keyof typeof endpoints].request;
      expect(request.safeParse({ ...body, amount: MaxCallAmount }).success, path).toBe(true);
      expect(request.safeParse({ ...body, amount: MaxCallAmount + 100 }).success, path).toBe(false);
      expect(request.safeParse({ ...body, amount: MaxBalance }).success, path).toBe(false);
    }
  });
});
