import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { insertUser } from '../accounts/users.repo.ts';
import type { TransferInput } from './ledger.types.ts';

let seq = 0;

/** A bare player row (no session): ledger tests need many owners and no password hashing. */
export async function newUserId(db: Db): Promise<number> {
  const n = `${Date.now().toString(36)}${(seq++).toString(36)}`;
  const now = new Date();
  const row = await insertUser(db, {
    uuid: randomUUID(),
    account: `l_${n}`,
    nickname: `l_${n}`,
    accountType: 2,
    inviteCode: `L${n}`.toUpperCase().slice(0, 12),
    createdAt: now,
    updatedAt: now,
  });
  return row.id;
}

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
