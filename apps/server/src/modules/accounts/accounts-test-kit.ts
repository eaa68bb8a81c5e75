import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { insertUser } from './users.repo.ts';

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
