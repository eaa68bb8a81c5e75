import { afterAll, beforeAll, expect, it } from 'vitest';
import { ActivityType, ErrorCode } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import type { TestPlayer } from '../../test/factories.ts';
import { checkLedger } from '../ledger/ledger-test-helpers.ts';
import { staffCall } from '../withdrawals/withdrawals-test-kit.ts';

/** The download / install bonus (32, decision 030): once per person, claimed from the installed app. */
describeDb('download bonus (32)', () => {
  let t: TestApp;
  let n = 0;
  let id: number;

  const receive = (p: TestPlayer, body: Record<string, unknown> = {}) => call(t.app, 'activityReceive', { activityId: id, ...body }, p.token);
  const wallet = async (p: TestPlayer) => (await call(t.app, 'refreshData', {}, p.token)).data as { coin: number; bet: number };
  const rewardLog = async (p: TestPlayer) => (await call(t.app, 'activityAwardGetLog', {}, p.token)).data as { total: number; list: { reason: string; count: number; turnover: number }[] };
  async function register(deviceId: string): Promise<TestPlayer> {
    const account = `d${Date.now().toString(36).slice(-5)}${++n}`;
    const res = await call(t.app, 'accountRegist', { account, password: 'secret-pass-1', deviceId });
    expect(res.code, res.msg).toBe(200);
    return { account, password: 'secret-pass-1', token: res.data.token, user: res.data.user };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const created = await staffCall(t, 'POST', '/activities', { type: ActivityType.download, name: 'Install the app', settings: { amount: 777, multiplier: 4 } });
    expect(created.code, created.msg).toBe(200);
    id = created.data!.id as number;
    expect((await staffCall(t, 'POST', `/activities/${id}/enable`)).code).toBe(200);
  });
  afterAll(async () => {
    expect((await checkLedger(t.database.db)).ok).toBe(true);
    await t.close();
  });

  it('the player app is told the exact amount', async () => {
    const p = await register(`dl-device-${n}`);
    const ids = await call(t.app, 'getActivityIds', {}, p.token);
    expect(ids.data.activityMap[String(id)]).toMatchObject({ type: ActivityType.download, detail: { amount: 777, multiplier: 4 } });
  });

  it('a claim that does not come from the installed app is refused and changes nothing', async () => {
    const p = await register(`dl-device-${n}`);
    for (const body of [{}, { installed: false }]) {
      const refused = await receive(p, body);
      expect(refused.code).toBe(ErrorCode.rewardNotEligible);
      expect(refused.msg).toBe('Open the installed app to receive this bonus');
    }
    expect(await wallet(p)).toMatchObject({ coin: 0, bet: 0 });
    expect((await rewardLog(p)).total).toBe(0);
    // The refusal took no once-per-person mark: the same player can still claim from the app.
    expect((await receive(p, { installed: true })).code).toBe(200);
  });

  it('from the installed app it pays exactly once, with its wagering', async () => {
    const p = await register(`dl-device-${n}`);
    const got = await receive(p, { installed: true });
    expect(got.data).toEqual({ activityId: id, awards: [{ awardId: 2001, count: 777, turnover: 3_108 }], coin: 777 });
    expect(await wallet(p)).toMatchObject({ coin: 777, bet: 3_108 });
    expect((await receive(p, { installed: true })).code).toBe(ErrorCode.rewardAlreadyReceived);
    const log = await rewardLog(p);
    expect(log.total).toBe(1);
    expect(log.list[0]).toMatchObject({ reason: 'reward_download', count: 777, turnover: 3_108 });
  });

  it('ten taps at once pay once', async () => {
    const p = await register(`dl-device-${n}`);
    const answers = await Promise.all(Array.from({ length: 10 }, () => receive(p, { installed: true })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 200).every((a) => a.code === ErrorCode.rewardAlreadyReceived)).toBe(true);
    expect(await wallet(p)).toMatchObject({ coin: 777, bet: 3_108 });
    expect((await rewardLog(p)).total).toBe(1);
  });

  it('a second account on the same device gets nothing', async () => {
    const device = `dl-shared-${n}`;
    const first = await register(device);
    expect((await receive(first, { installed: true })).code).toBe(200);
    const second = await register(device);
    const refused = await receive(second, { installed: true });
    expect(refused.code).toBe(ErrorCode.rewardOncePerPerson);
    expect(await wallet(second)).toMatchObject({ coin: 0, bet: 0 });
    expect((await rewardLog(second)).total).toBe(0);
  });
});
