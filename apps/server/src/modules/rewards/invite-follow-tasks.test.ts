import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ActivityType, AwardId, ErrorCode } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import type { TestPlayer } from '../../test/factories.ts';
import { api, openGame } from '../../test/originals/originals-test-kit.ts';
import { DAY, MINUTE } from '../../lib/clock.ts';
import { drainPastNow } from '../events/events-test-kit.ts';
import { channels, openOrder, sendWebhook } from '../deposits/deposits-test-kit.ts';
import { checkLedger } from '../ledger/ledger-test-helpers.ts';
import { staffCall } from '../withdrawals/withdrawals-test-kit.ts';
import { createRewardsService } from './rewards.service.ts';

/** The test clock starts Saturday 2026-11-21 12:00 UTC: 09:00 in São Paulo (UTC−3 all year). */
const TZ = 'America/Sao_Paulo';
/** A valid invite here: the invitee deposited 100.00 and bet 30.00 since registering with the code. */
const RULE = { deposit: 10_000, bet: 3_000 };
const CHANNEL = 'https://example.com/playhall-channel';
const title = (en: string) => ({ 'en-US': en });
const coin = (count: number) => ({ awardId: AwardId.coin, count, multiplier: 1 });

let seq = 0;

describeDb('tasks (42): invite and follow conditions (decision 065)', () => {
  let t: TestApp;
  let consumers: ReturnType<ReturnType<typeof createRewardsService>['consumers']>;

  const drain = () => drainPastNow(t.database.db, t.clock, consumers);
  /** Registers a player on a device of their own (or the one given), with an invite code if given. */
  async function register(o: { inviteCode?: string; deviceId?: string } = {}): Promise<TestPlayer> {
    const account = `inv_${process.pid % 1000}_${seq++}`;
    const res = await call(t.app, 'accountRegist', { account, password: 'secret-pass-1', deviceId: o.deviceId ?? `device-${account}`, ...(o.inviteCode ? { inviteCode: o.inviteCode } : {}) });
    expect(res.code, res.msg).toBe(200);
    return { account, password: 'secret-pass-1', token: res.data.token, user: res.data.user };
  }
  async function deposit(p: TestPlayer, amount: number) {
    const { pix } = await channels(t.app, p.token);
    const order = await openOrder(t.app, p, { typeId: pix.id, amount });
    await sendWebhook(t, { orderId: order.orderId, status: 'paid', amount });
  }
  /** Real dice rounds through the Originals and the provider wallet protocol. */
  async function bet(p: TestPlayer, rounds: number, each: number) {
    const g = await openGame(t, p, 'dice');
    for (let i = 0; i < rounds; i++) {
      const res = await api(t, 'dice/roll', { bet: each, target: 5_000, direction: 'under' }, g.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  }
  const tasks = async (p: TestPlayer) => {
    const res = await call(t.app, 'getTaskUser', {}, p.token);
    expect(res.code, res.msg).toBe(200);
    return res.data as { tasks: { id: string; progress: number; status: string }[]; validInvite: { deposit: number; bet: number } };
  };
  const task = async (p: TestPlayer, id: string) => (await tasks(p)).tasks.find((x) => x.id === id)!;
  async function referral(inviteeId: number) {
    const res = (await t.database.db.execute(sql`select deposited::int, bet::int, outcome from referral where invitee_id = ${inviteeId}`)) as unknown as {
      rows: { deposited: number; bet: number; outcome: string | null }[];
    };
    return res.rows[0] ?? null;
  }
  /** Moves the test clock to the São Paulo wall time `hh:mm` of the day `days` after the clock's day. */
  function clockTo(days: number, hh: number, mm: number) {
    const now = t.clock.now().getTime();
    const spMidnight = Math.floor((now - 3 * 60 * MINUTE) / DAY) * DAY + 3 * 60 * MINUTE;
    t.clock.advance(spMidnight + days * DAY + (hh * 60 + mm) * MINUTE - now);
  }

  beforeAll(async () => {
    t = await createTestApp({ operatorTimeZone: TZ, validInvite: RULE });
    const created = await staffCall(t, 'POST', '/activities', {
      type: ActivityType.tasks,
      name: 'Invite and follow',
      settings: {
        tasks: [
          { id: 'invite-day', period: 'daily', title: title('Invite a friend today'), condition: { type: 'invite' }, target: 1, award: coin(500) },
          { id: 'invite-two', period: 'novice', title: title('Invite 2 friends'), condition: { type: 'invite' }, target: 2, award: coin(1_000) },
          { id: 'follow', period: 'novice', title: title('Follow our channel'), condition: { type: 'follow', url: CHANNEL }, target: 1, award: coin(100) },
        ],
      },
    });
    expect(created.code, created.msg).toBe(200);
    expect((await staffCall(t, 'POST', `/activities/${created.data!.id as number}/enable`)).code).toBe(200);
    consumers = createRewardsService({ db: t.database.db, clock: t.clock, timeZone: TZ, validInvite: t.config.validInvite }).consumers();
  });
  afterAll(async () => {
    expect((await checkLedger(t.database.db)).ok).toBe(true);
    await t.close();
  });

  it('an invitee counts once, on the day their deposits and bets reach the amounts; not before, not again', async () => {
    clockTo(1, 23, 0);
    const inviter = await register();
    const friend = await register({ inviteCode: inviter.user.inviteCode });
    expect((await tasks(inviter)).validInvite).toEqual(RULE);
    await deposit(friend, 10_000);
    await bet(friend, 2, 1_000);
    await drain();
    // 100.00 deposited, 20.00 bet: not valid yet.
    expect(await referral(friend.user.id)).toEqual({ deposited: 10_000, bet: 2_000, outcome: null });
    expect(await task(inviter, 'invite-day')).toMatchObject({ progress: 0, status: 'doing' });

    // The round that reaches 30.00 ends at 23:59 São Paulo; the consumer reads it after midnight.
    clockTo(0, 23, 59);
    await bet(friend, 1, 1_000);
    clockTo(1, 0, 5);
    await drain();
    expect(await referral(friend.user.id)).toEqual({ deposited: 10_000, bet: 3_000, outcome: 'valid' });
    const days = (await t.database.db.execute(
      sql`select period, progress::int as progress from task_progress where user_id = ${inviter.user.id} and task_id = 'invite-day'`,
    )) as unknown as { rows: { period: string; progress: number }[] };
    expect(days.rows).toEqual([{ period: '2026-11-22', progress: 1 }]); // the day of the round, not of the read
    expect(await task(inviter, 'invite-day')).toMatchObject({ progress: 0, status: 'doing' }); // a new day now
    expect(await task(inviter, 'invite-two')).toMatchObject({ progress: 1, status: 'doing' });

    // More play by the same friend adds nothing: an invite counts once.
    await deposit(friend, 10_000);
    await bet(friend, 3, 1_000);
    await drain();
    expect(await referral(friend.user.id)).toEqual({ deposited: 10_000, bet: 3_000, outcome: 'valid' });
    expect(await task(inviter, 'invite-two')).toMatchObject({ progress: 1 });

    // A second friend, in one batch of events, completes the novice task; its claim pays once.
    const second = await register({ inviteCode: inviter.user.inviteCode });
    await deposit(second, 10_000);
    await bet(second, 1, 3_000);
    await drain();
    expect(await task(inviter, 'invite-two')).toMatchObject({ progress: 2, status: 'claimable' });
    expect(await task(inviter, 'invite-day')).toMatchObject({ progress: 1, status: 'claimable' });
    const taps = await Promise.all(Array.from({ length: 5 }, () => call(t.app, 'receiveTaskAward', { taskId: 'invite-two' }, inviter.token)));
    expect(taps.filter((r) => r.code === 200)).toHaveLength(1);
    expect(taps.filter((r) => r.code === ErrorCode.rewardAlreadyReceived)).toHaveLength(4);
    // The friends' own tasks move with nothing of this: they invited no one.
    expect(await task(friend, 'invite-two')).toMatchObject({ progress: 0 });
  });

  it('an invitee on the inviter\'s device is linked: the invite settles and counts for nothing', async () => {
    const inviter = await register({ deviceId: 'shared-phone-1' });
    const self = await register({ inviteCode: inviter.user.inviteCode, deviceId: 'shared-phone-1' });
    await deposit(self, 10_000);
    await bet(self, 1, 5_000);
    await drain();
    expect(await referral(self.user.id)).toMatchObject({ outcome: 'linked' });
    expect(await task(inviter, 'invite-two')).toMatchObject({ progress: 0, status: 'doing' });
    const events = (await t.database.db.execute(
      sql`select count(*)::int as n from domain_event where type = 'referral.invite_valid' and (payload->>'inviteeId')::bigint = ${self.user.id}`,
    )) as unknown as { rows: { n: number }[] };
    expect(events.rows[0]!.n).toBe(0);
  });

  it('getInviteInfo: the code, the rule, every friend with a masked name, newest first, and only valid ones counted', async () => {
    const inviter = await register({ deviceId: 'inviter-phone-2' });
    const valid = await register({ inviteCode: inviter.user.inviteCode });
    t.clock.advance(MINUTE);
    const pending = await register({ inviteCode: inviter.user.inviteCode });
    t.clock.advance(MINUTE);
    const same = await register({ inviteCode: inviter.user.inviteCode, deviceId: 'inviter-phone-2' });
    for (const p of [valid, same]) {
      await deposit(p, 10_000);
      await bet(p, 1, 5_000);
    }
    await deposit(pending, 10_000);
    await drain();
    const mask = (nickname: unknown) => String(nickname).replace(/^(.).*(.)$/, '$1***$2');
    const info = await call(t.app, 'getInviteInfo', {}, inviter.token);
    expect(info.code, info.msg).toBe(200);
    expect(info.data).toEqual({
      inviteCode: inviter.user.inviteCode,
      validInvite: RULE,
      invited: 3,
      valid: 1,
      recent: [
        { name: mask(same.user.nickname), joinedAt: expect.any(String), status: 'notCounted' },
        { name: mask(pending.user.nickname), joinedAt: expect.any(String), status: 'pending' },
        { name: mask(valid.user.nickname), joinedAt: expect.any(String), status: 'valid' },
      ],
    });
    expect(info.data.recent[0].name).not.toBe(same.user.nickname);
    // Nobody else's friends, and no visitor.
    expect((await call(t.app, 'getInviteInfo', {}, valid.token)).data).toMatchObject({ invited: 0, valid: 0, recent: [] });
    expect((await call(t.app, 'getInviteInfo', {})).status).toBe(401);
  });

  it('players without an inviter keep no referral rows', async () => {
    const solo = await register();
    await deposit(solo, 5_000);
    await bet(solo, 1, 5_000);
    await drain();
    expect(await referral(solo.user.id)).toBeNull();
  });

  it('follow: opening the channel completes it once per person; another account on the same device cannot', async () => {
    const p = await register({ deviceId: 'follow-phone' });
    expect(await task(p, 'follow')).toMatchObject({ progress: 0, status: 'doing' });
    // Taps at once: one completes it, the others answer the task as it stands.
    const taps = await Promise.all(Array.from({ length: 4 }, () => call(t.app, 'finishTask', { taskId: 'follow' }, p.token)));
    for (const r of taps) expect(r.code, r.msg).toBe(200);
    expect(await task(p, 'follow')).toMatchObject({ progress: 1, status: 'claimable' });
    const claim = await call(t.app, 'receiveTaskAward', { taskId: 'follow' }, p.token);
    expect(claim.code, claim.msg).toBe(200);
    expect(claim.data.awards).toEqual([{ awardId: AwardId.coin, count: 100, turnover: 100 }]);
    expect((await call(t.app, 'finishTask', { taskId: 'follow' }, p.token)).data.task).toMatchObject({ status: 'received' });

    const again = await register({ deviceId: 'follow-phone' });
    const refused = await call(t.app, 'finishTask', { taskId: 'follow' }, again.token);
    expect(refused.code).toBe(ErrorCode.rewardOncePerPerson);
    expect(await task(again, 'follow')).toMatchObject({ progress: 0, status: 'doing' });
    // An invite task is not checked on request: it moves with invitees.
    expect((await call(t.app, 'finishTask', { taskId: 'invite-two' }, again.token)).code).toBe(ErrorCode.rewardNotEligible);
  });
});
