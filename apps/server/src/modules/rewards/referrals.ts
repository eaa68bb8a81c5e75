import type { InviteeStatus } from '@playhall/contract';
import type { Executor } from '../../db/tx.ts';
import type { Clock } from '../../lib/clock.ts';
import { defineConsumer, insertDomainEvent, type DomainEvent } from '../events/domain-events.service.ts';
import * as referrals from './referrals.repo.ts';
import { linkedPairs } from './rewards.repo.ts';

/** The valid-invite amounts (hundredths): an invitee who deposited and bet at least these since the referral. */
export interface ValidInvite {
  deposit: number;
  bet: number;
}

const EVENTS = ['game.round_settled', 'deposit.credited'] as const;

/** What one event adds to its player's totals, at the event's own time (a deposit: when it was paid). */
function moveOf(e: DomainEvent<(typeof EVENTS)[number]>): { userId: number; deposit: number; bet: number; at: Date } | null {
  if (e.name === 'deposit.credited') return { userId: e.payload.userId, deposit: e.payload.amount, bet: 0, at: new Date(e.payload.paidAt) };
  return e.payload.status === 'settled' && e.payload.bet > 0 ? { userId: e.payload.userId, deposit: 0, bet: e.payload.bet, at: e.createdAt } : null;
}

/**
 * Valid invites (decision 065; product rules §4, Agent), the one definition every kind that rewards
 * invites reads: the `rewards.referrals` consumer adds up what each invitee (a player registered with
 * another's invite code) deposits and bets, and settles the invite once, when both reach `rule`:
 * `linked` when the invitee shares a phone or a device with the inviter (self-referral earns
 * nothing), `valid` otherwise, with a `referral.invite_valid` event for the inviter's rewards (the
 * tasks' invite condition). The batch's events are applied in order, so the event that reached the
 * amounts names the time (and so the operator's day) the invite counts in.
 */
export function referralsConsumer(o: { clock: Clock; rule: ValidInvite }) {
  return defineConsumer({
    name: 'rewards.referrals',
    events: EVENTS,
    batchSize: 1_000,
    async handle(tx, events) {
      const moves = events.flatMap((e) => moveOf(e) ?? []);
      if (moves.length === 0) return;
      // Players without an inviter, or whose invite is settled, are not read again: one statement, usually empty.
      const open = new Map((await referrals.openReferrals(tx, [...new Set(moves.map((m) => m.userId))])).map((r) => [r.inviteeId, { ...r, reachedAt: null as Date | null }]));
      if (open.size === 0) return;
      for (const m of moves) {
        const r = open.get(m.userId);
        if (!r || r.reachedAt) continue;
        r.deposited += m.deposit;
        r.bet += m.bet;
        if (r.deposited >= o.rule.deposit && r.bet >= o.rule.bet) r.reachedAt = m.at;
      }
      const rows = [...open.values()];
      const reached = rows.filter((r) => r.reachedAt);
      const linked = await linkedPairs(tx, reached.map((r) => ({ a: r.inviteeId, b: r.inviterId })));
      const settled = rows.map((r) => ({ ...r, outcome: !r.reachedAt ? null : linked.has(`${r.inviteeId}:${r.inviterId}`) ? ('linked' as const) : ('valid' as const) }));
      const now = o.clock.now();
      await referrals.saveReferrals(tx, settled, now);
      for (const r of settled) {
        if (r.outcome === 'valid') await insertDomainEvent(tx, 'referral.invite_valid', { inviterId: r.inviterId, inviteeId: r.inviteeId, at: r.reachedAt!.toISOString() }, now);
      }
    },
  });
}

/** A friend's nickname as the inviter sees it: the first and last character (a nickname may be a phone's digits). */
export function maskName(name: string): string {
  const chars = Array.from(name);
  return chars.length < 3 ? '*'.repeat(Math.max(1, chars.length)) : `${chars[0]}***${chars[chars.length - 1]}`;
}

const STATUS: Record<'valid' | 'linked', InviteeStatus> = { valid: 'valid', linked: 'notCounted' };

/** getInviteInfo (`/share`): the player's invite code and invites, the latest 20 friends. */
export async function inviteInfo(x: Executor, userId: number, rule: ValidInvite) {
  const s = await referrals.inviteSummary(x, userId, 20);
  return {
    inviteCode: s.inviteCode,
    validInvite: rule,
    invited: s.invited,
    valid: s.valid,
    recent: s.recent.map((f) => ({ name: maskName(f.nickname), joinedAt: f.joinedAt.toISOString(), status: f.outcome ? STATUS[f.outcome] : ('pending' as const) })),
  };
}
