import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { buildPlayer } from '../../test/factories.ts';
import { operatorCli } from '../../test/operator-cli.ts';

describeDb('operator CLI: npm run ops -- activities', () => {
  let t: TestApp;
  let ops: Awaited<ReturnType<typeof operatorCli>>;
  const dir = mkdtempSync(join(tmpdir(), 'playhall-activities-'));
  const file = (name: string, body: unknown) => {
    const path = join(dir, name);
    writeFileSync(path, JSON.stringify(body));
    return path;
  };
  beforeAll(async () => {
    t = await createTestApp();
    ops = await operatorCli(t);
  });
  afterAll(async () => t?.close());

  it('creates an activity disabled, edits, enables and lists it; a bad file or settings changes nothing', async () => {
    const created = await ops(['activities', 'create', '--file', file('a.json', { type: 36, name: 'Sign-in week', settings: { rewards: [100, 100, 100, 100, 100, 100, 500] } })]);
    expect(created.ok, created.out).toBe(true);
    const id = /^#(\d+)/.exec(created.out)![1]!;
    expect(created.out).toContain('type 36  disabled');

    const bad = await ops(['activities', 'edit', id, '--file', file('b.json', { settings: { rewards: [1] } })]);
    expect(bad).toMatchObject({ ok: false, exit: 1 });
    expect(bad.out).toContain('Refused (5006)');
    expect((await ops(['activities', 'create', '--file', join(dir, 'missing.json')])).out).toContain('Cannot read');

    expect((await ops(['activities', 'edit', id, '--file', file('c.json', { name: 'Sign-in, 7 days' })])).out).toContain('Sign-in, 7 days');
    expect((await ops(['activities', 'enable', id])).out).toContain('RUNNING');
    const list = await ops(['activities', 'list']);
    expect(list.out).toMatch(new RegExp(`#${id} {2}type 36 {2}RUNNING {2}sort 0 {2}Sign-in, 7 days`));
    expect((await ops(['activities', 'disable', 'x'])).out).toContain('needs an activity id');
  }, 60_000);

  it('runs the lucky jackpot exactly as docs/rewards.md configures it (its example), and refuses a broken table', async () => {
    const doc = readFileSync(join(import.meta.dirname, '../../../../../docs/rewards.md'), 'utf8');
    const example = /## Lucky jackpot \(type 47\)[\s\S]*?```json\n([\s\S]*?)```/.exec(doc)![1]!;
    const created = await ops(['activities', 'create', '--file', file('jackpot.json', JSON.parse(example))]);
    expect(created.ok, created.out).toBe(true);
    const id = /^#(\d+)/.exec(created.out)![1]!;
    const broken = { settings: { ...JSON.parse(example).settings, awards: [{ id: 1, type: 2, propId: 2001, count: 1, weight: 1 }] } };
    const bad = await ops(['activities', 'edit', id, '--file', file('jackpot-bad.json', broken)]);
    expect(bad.out).toContain('Refused (5006)');
    expect(bad.out).toContain('settings.awards.0.propId');
    expect((await ops(['activities', 'enable', id])).out).toContain('RUNNING');
    const p = await buildPlayer(t.app);
    const info = await call(t.app, 'getJackpotDrawInfo', {}, p.token);
    expect(info.code, info.msg).toBe(200);
    expect(info.data).toMatchObject({ megaJackpot: 10_000_000, miniJackpot: 10_000, needDeposit: true, chances: 0 });
    expect(info.data.jackpotAwardConfigList.map((e: { odds: number }) => e.odds)).toEqual([0.5, 0.2, 0.249, 0.04, 0.01, 0.0009, 0.0001]);
  }, 60_000);
});
