import { afterAll, beforeAll, expect, it } from 'vitest';
import { TrackedEvent } from '@playhall/contract';
import { call, createTestApp, describeDb, type TestApp } from '../../test/create-test-app.ts';
import { operatorCli } from '../../test/operator-cli.ts';

describeDb('operator CLI: npm run ops -- events daily', () => {
  let t: TestApp;
  let ops: Awaited<ReturnType<typeof operatorCli>>;
  beforeAll(async () => {
    t = await createTestApp();
    ops = await operatorCli(t);
  });
  afterAll(async () => t?.close());

  it('prints the tracked events per day and name, filters by name and refuses a bad range', async () => {
    const time = Math.floor(t.clock.now().getTime() / 1000);
    const eventList = [TrackedEvent.pageView, TrackedEvent.pageView, TrackedEvent.gameLaunch].map((name) => ({ name, time }));
    expect((await call(t.app, 'anonymous/appEventLogClient', { eventList })).data).toEqual({ accepted: 3 });
    const day = t.clock.now().toISOString().slice(0, 10);

    const all = await ops(['events', 'daily', '--from', day, '--to', day]);
    expect(all.ok, all.out).toBe(true);
    expect(all.out).toContain(`${day}  game_launch          1`);
    expect(all.out).toContain(`${day}  page_view            2`);
    expect(all.out).toContain(`3 event(s) from ${day} to ${day}`);
    const one = await ops(['events', 'daily', '--from', day, '--to', day, '--name', 'game_launch']);
    expect(one.out).not.toContain('page_view');
    expect((await ops(['events', 'daily', '--from', '2020-01-01', '--to', '2020-01-02'])).out).toContain('No events from 2020-01-01 to 2020-01-02.');
    const backwards = await ops(['events', 'daily', '--from', day, '--to', '2020-01-01']);
    expect(backwards).toMatchObject({ ok: false, exit: 1 });
    expect(backwards.out).toContain('Refused (400): to: from must not be after to');
  }, 60_000);
});
