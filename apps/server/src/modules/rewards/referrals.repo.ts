import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../../db/array-literal.ts';
import type { Executor } from '../../db/tx.ts';

/** An invite not settled yet: what the invitee deposited and bet since registering with the inviter's code (hundredths). */
export interface OpenReferral {
  inviteeId: number;
  inviterId: number;
  deposited: number;
  bet: number;
}

/** Of these players, the invitees whose invite is not settled yet (a player without an inviter is none), with their totals so far. */
export async function openReferrals(x: Executor, userIds: readonly number[]): Promise<OpenReferral[]> {
  const res = (await x.execute(sql`
    select u.id as invitee, u.pid as inviter, coalesce(r.deposited, 0) as deposited, coalesce(r.bet, 0) as bet
      from app_user u left join referral r on r.invitee_id = u.id
     where u.id = any (${arrayLiteral(userIds)}::bigint[]) and u.pid is not null and r.outcome is null`)) as unknown as {
    rows: { invitee: string | number; inviter: string | number; deposited: string | number; bet: string | number }[];
  };
  return res.rows.map((r) => ({ inviteeId: Number(r.invitee), inviterId: Number(r.inviter), deposited: Number(r.deposited), bet: Number(r.bet) }));
}

/** Writes invitees' new totals, and the outcome of those that reached the amounts ('valid' or 'linked'), in one statement. */
export async function saveReferrals(x: Executor, rows: readonly (OpenReferral & { outcome: 'valid' | 'linked' | null })[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const col = (f: (r: (typeof rows)[number]) => string | number | null) => arrayLiteral(rows.map(f));
  await x.execute(sql`
    insert into referral as r (invitee_id, inviter_id, deposited, bet, outcome, settled_at, updated_at)
    select v.invitee, v.inviter, v.deposited, v.bet, v.outcome, case when v.outcome is null then null else ${now}::timestamptz end, ${now}
      from unnest(${col((r) => r.inviteeId)}::bigint[], ${col((r) => r.inviterId)}::bigint[], ${col((r) => r.deposited)}::bigint[],
                  ${col((r) => r.bet)}::bigint[], ${col((r) => r.outcome)}::text[]) as v(invitee, inviter, deposited, bet, outcome)
    on conflict (invitee_id) do update set deposited = excluded.deposited, bet = excluded.bet, outcome = excluded.outcome,
      settled_at = excluded.settled_at, updated_at = excluded.updated_at`);
}

/** The player's invite code and invites: how many friends registered with it, how many are valid, the latest `limit` (newest first). */
export async function inviteSummary(x: Executor, inviterId: number, limit: number) {
  const res = (await x.execute(sql`
    select (select u.invite_code from app_user u where u.id = ${inviterId}) as code,
           (select count(*) from app_user u where u.pid = ${inviterId})::int as invited,
           (select count(*) from referral r where r.inviter_id = ${inviterId} and r.outcome = 'valid')::int as valid,
           coalesce((select json_agg(json_build_array(f.nickname, f.created_at, f.outcome) order by f.created_at desc, f.id desc)
                       from (select u.id, u.nickname, u.created_at, r.outcome from app_user u left join referral r on r.invitee_id = u.id
                              where u.pid = ${inviterId} order by u.created_at desc, u.id desc limit ${limit}) f), '[]'::json)::text as recent`)) as unknown as {
    rows: { code: string; invited: number; valid: number; recent: string }[];
  };
  const row = res.rows[0]!;
  const recent = JSON.parse(row.recent) as [string, string, 'valid' | 'linked' | null][];
  return { inviteCode: row.code, invited: Number(row.invited), valid: Number(row.valid), recent: recent.map(([nickname, joinedAt, outcome]) => ({ nickname, joinedAt: new Date(joinedAt), outcome })) };
}
