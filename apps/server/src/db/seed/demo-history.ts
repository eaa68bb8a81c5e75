import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appUser, depositOrder, game } from '../schema.ts';
import { SANDBOX_SIGNATURE_HEADER, SANDBOX_TIMESTAMP_HEADER, signSandbox } from '../../modules/payments/sandbox-signature.ts';
import { SANDBOX_WEBHOOK_PATH } from '../../modules/payments/sandbox-provider.ts';
import { DEMO_PLAYER } from './index.ts';

/**
 * The demo player's history (issue 13 §5): the README's account should look like someone who has
 * played, not an empty wallet. Everything is made through the running app's real calls, the way a
 * player and the payment provider make it, so the ledger, wallet records, bet records and
 * deposit history agree and `npm run ledger:check` passes:
 *
 * - three deposits on the sandbox PIX channel, credited by the provider's signed "paid" webhook,
 *   and one the provider declined;
 * - rounds of Dice and Fortune Reels through the Originals' game wallet;
 * - a PIX receiving account and a withdrawal request, left pending for the operator's review.
 *
 * Demo data only (decision 014): called when `SEED_DEMO` is on, after the app is built. It runs
 * once: a demo player with any deposit order is left alone.
 */
export const DemoHistory = {
  deposits: [5_000, 10_000, 20_000],
  declinedDeposit: 10_000,
  diceRolls: [
    { bet: 200, target: 5_000, direction: 'under' },
    { bet: 200, target: 5_000, direction: 'over' },
    { bet: 500, target: 3_300, direction: 'under' },
    { bet: 300, target: 6_600, direction: 'under' },
    { bet: 200, target: 5_000, direction: 'over' },
  ],
  slotSpins: [100, 100, 200, 200, 100],
  withdrawal: 8_000,
  pixAccount: { accountName: 'Demo Player', accountNo: '12345678909' },
} as const;

interface Answer {
  code: number;
  msg: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data: any;
}

export interface DemoHistoryResult {
  seeded: boolean;
  /** Steps that did not go through (the history is still whatever did). */
  problems: string[];
}

/** The demo player's id when it exists and has no history yet (no deposit order), else null. */
export async function demoPlayerWithoutHistory(db: Db): Promise<number | null> {
  const [demo] = await db.select({ id: appUser.id }).from(appUser).where(sql`lower(${appUser.account}) = ${DEMO_PLAYER.account}`);
  if (!demo) return null;
  const [orders] = await db.select({ n: sql<number>`count(*)::int` }).from(depositOrder).where(eq(depositOrder.userId, demo.id));
  return Number(orders?.n ?? 0) > 0 ? null : demo.id;
}

/** `app` is made ready by the calls: start-up passes an app of its own and closes it afterwards. */
export async function seedDemoHistory(app: FastifyInstance, db: Db, opts: { sandboxSecret: string; now?: () => Date }): Promise<DemoHistoryResult> {
  const now = opts.now ?? (() => new Date());
  const demoId = await demoPlayerWithoutHistory(db);
  if (demoId === null) return { seeded: false, problems: [] };
  const demo = { id: demoId };

  const problems: string[] = [];
  const call = async (path: string, body: Record<string, unknown>, token?: string): Promise<Answer> => {
    const res = await app.inject({
      method: 'POST',
      url: `/app/v1/${path}`,
      payload: { channel: 'WEB', appVersion: '1.1.2', platform: 0, ...body },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return res.json() as Answer;
  };
  const must = (what: string, a: Answer): boolean => {
    if (a.code === 200) return true;
    problems.push(`${what}: ${a.code} ${a.msg}`);
    return false;
  };

  const login = await call('accountLogin', { account: DEMO_PLAYER.account, password: DEMO_PLAYER.password, loginType: 2, deviceId: 'demo-seed' });
  if (!must('log in', login)) return { seeded: false, problems };
  const token = login.data.token as string;

  // Deposits: an order as the player opens it, then the provider's signed notice.
  const info = await call('getRechargeInfo', {}, token);
  const types = must('deposit channels', info) ? (Object.values(info.data.appRechargeTypeMap) as { id: number; name: string }[]) : [];
  const pix = types.find((x) => x.name === 'PIX') ?? types[0];
  const notify = async (orderId: string, amount: number, status: 'paid' | 'declined') => {
    const rawBody = JSON.stringify({ eventId: `demo-${randomUUID()}`, providerRef: `demo-${orderId}`, occurredAt: now().toISOString(), orderId, status, amount });
    const ts = String(Math.floor(now().getTime() / 1000));
    const res = await app.inject({
      method: 'POST',
      url: SANDBOX_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', [SANDBOX_TIMESTAMP_HEADER]: ts, [SANDBOX_SIGNATURE_HEADER]: signSandbox(opts.sandboxSecret, ts, rawBody) },
      payload: rawBody,
    });
    must(`deposit ${status}`, res.json() as Answer);
  };
  if (pix) {
    for (const amount of DemoHistory.deposits) {
      const order = await call('recharge', { typeId: pix.id, amount }, token);
      if (must('deposit order', order)) await notify(order.data.orderId as string, amount, 'paid');
    }
    const declined = await call('recharge', { typeId: pix.id, amount: DemoHistory.declinedDeposit }, token);
    if (must('deposit order', declined)) await notify(declined.data.orderId as string, DemoHistory.declinedDeposit, 'declined');
  }

  // Game rounds through the Originals' game wallet, launched as the lobby launches them.
  const games = await db.select({ id: game.id, code: game.code }).from(game).where(and(sql`${game.code} in ('dice', 'slot')`));
  const play = async (code: string, rounds: { path: string; body: Record<string, unknown> }[]) => {
    const g = games.find((x) => x.code === code);
    if (!g) return problems.push(`no ${code} game`);
    const launch = await call('startGame', { gameId: g.id }, token);
    if (!must(`start ${code}`, launch)) return;
    const launchToken = new URL(launch.data.url as string, 'http://local').searchParams.get('token');
    const session = await app.inject({ method: 'POST', url: '/originals/api/session', payload: { launchToken } });
    const gameToken = (session.json() as { token?: string }).token;
    if (!gameToken) return problems.push(`${code} session: ${session.statusCode}`);
    for (const r of rounds) {
      const res = await app.inject({
        method: 'POST',
        url: `/originals/api/${r.path}`,
        payload: r.body,
        headers: { authorization: `Bearer ${gameToken}` },
      });
      if (res.statusCode !== 200) problems.push(`${r.path}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
  };
  await play('dice', DemoHistory.diceRolls.map((body) => ({ path: 'dice/roll', body })));
  await play('slot', DemoHistory.slotSpins.map((bet) => ({ path: 'slot/spin', body: { bet } })));

  // A withdrawal to a saved PIX account, waiting for the operator's review.
  const payout = await call('getBankInfoList', {}, token);
  const channels = must('payout channels', payout) ? (payout.data.channels as { id: number; name: string }[]) : [];
  const pixOut = channels.find((c) => c.name === 'PIX') ?? channels[0];
  if (pixOut) {
    const added = await call('addBankInfo', { typeId: pixOut.id, ...DemoHistory.pixAccount }, token);
    const account = must('receiving account', added) ? (added.data.list as { id: number }[])[0] : undefined;
    if (account) must('withdrawal', await call('exchange', { accountId: account.id, amount: DemoHistory.withdrawal, requestId: `demo-seed-${demo.id}` }, token));
  }
  await call('logout', {}, token);
  return { seeded: true, problems };
}
