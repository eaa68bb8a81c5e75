import type { TransferInput } from './ledger.types.ts';

// Player rows belong to accounts: its test kit makes the bare ones these tests need.
export { newUserId } from '../accounts/accounts-test-kit.ts';

/** A deposit-shaped transfer: the channel's clearing book pays the player's coin. */
export function deposit(key: string, player: number, amount: number, channel = 'sandbox'): TransferInput {
  return {
    idempotencyKey: key,
    reason: 'deposit',
    reference: key,
    entries: [
      { account: { player, book: 'coin' }, asset: 'coin', amount },
      { account: { house: `clearing:${channel}` }, asset: 'coin', amount: -amount },
    ],
  };
}

/** A bet-shaped transfer: the player's coin goes to the game provider's book. */
export function bet(key: string, player: number, amount: number): TransferInput {
  return {
    idempotencyKey: key,
    reason: 'bet',
    entries: [
      { account: { player, book: 'coin' }, asset: 'coin', amount: -amount },
      { account: { house: 'provider:test' }, asset: 'coin', amount },
    ],
  };
}

// Other modules' tests assert the ledger still balances through this kit, not the check's file.
export { checkLedger } from './ledger-check.ts';
