import { beforeEach, describe, expect, it } from 'vitest';
import type { ActivityView } from '@playhall/contract';
import { activityClick, markStartupPopupSeen, noticeText, seenStartupPopups, startupPopups } from './rewards.ts';

function act(id: number, type: number, over: Partial<ActivityView> = {}): ActivityView {
  return { id, type, name: `A${id}`, sort: id, clickType: 1, clickAction: '', unloginShowStatus: true, themeUrl: null, endsAt: null, rules: {}, detail: {}, ...over } as ActivityView;
}

function running(list: ActivityView[], totalRecharge = 0) {
  return { activityIds: list.map((a) => a.id), activityMap: Object.fromEntries(list.map((a) => [String(a.id), a])), hasTurntable: false, totalRecharge };
}

describe('activityClick (spec §2 click actions)', () => {
  const notice = act(5, 25);
  const sign = act(6, 36);
  const fd = act(7, 44);
  const all = running([notice, sign, fd]);

  it('clickType 1 with no action opens the activity\'s own page by type', () => {
    expect(activityClick(sign, all, true)).toEqual({ kind: 'route', href: '/activity/sign-in' });
    expect(activityClick(fd, all, true)).toEqual({ kind: 'route', href: '/activity/first-deposit' });
    expect(activityClick(act(8, 39), all, true)).toEqual({ kind: 'route', href: '/activity/first-deposit' });
    for (const t of [15, 4, 16]) expect(activityClick(act(9, t), all, true)).toEqual({ kind: 'route', href: '/bonus/home' });
    expect(activityClick(notice, all, true)).toEqual({ kind: 'notice', activityId: 5 });
  });

  it('clickType 1 with a numeric action opens that other activity; with a path, that route', () => {
    expect(activityClick(act(10, 25, { clickAction: '6' }), all, true)).toEqual({ kind: 'route', href: '/activity/sign-in' });
    expect(activityClick(act(10, 36, { clickAction: '5' }), all, true)).toEqual({ kind: 'notice', activityId: 5 });
    expect(activityClick(act(10, 36, { clickAction: '/wallets?name=deposit' }), all, true)).toEqual({ kind: 'route', href: '/wallets?name=deposit' });
    expect(activityClick(act(10, 36, { clickAction: '999' }), all, true)).toEqual({ kind: 'none' });
    expect(activityClick(act(10, 36, { clickAction: '//evil.example' }), all, true)).toEqual({ kind: 'none' });
  });

  it('the lucky jackpot (47) opens the jackpot modal for a player; a visitor gets its page (login first when hidden from visitors)', () => {
    const jackpot = act(11, 47);
    const withJackpot = running([notice, jackpot]);
    expect(activityClick(jackpot, withJackpot, true)).toEqual({ kind: 'jackpot' });
    expect(activityClick(act(12, 25, { clickAction: '11' }), withJackpot, true)).toEqual({ kind: 'jackpot' });
    expect(activityClick(jackpot, withJackpot, false)).toEqual({ kind: 'route', href: '/activity/jackpot' });
    expect(activityClick(act(11, 47, { unloginShowStatus: false }), withJackpot, false)).toEqual({ kind: 'login', href: '/auth/login?redirect=%2Factivity%2Fjackpot' });
  });

  it('clickType 2 starts the game; clickType 3 opens only an https link', () => {
    expect(activityClick(act(10, 25, { clickType: 2, clickAction: '42' }), all, true)).toEqual({ kind: 'route', href: '/game/start?gameId=42' });
    expect(activityClick(act(10, 25, { clickType: 3, clickAction: 'https://example.com/x' }), all, true)).toEqual({ kind: 'external', href: 'https://example.com/x' });
    expect(activityClick(act(10, 25, { clickType: 3, clickAction: 'javascript:alert(1)' }), all, true)).toEqual({ kind: 'none' });
  });

  it('sends a visitor to login and back when the activity is hidden from visitors', () => {
    const hidden = act(6, 36, { unloginShowStatus: false });
    expect(activityClick(hidden, all, false)).toEqual({ kind: 'login', href: '/auth/login?redirect=%2Factivity%2Fsign-in' });
    expect(activityClick(hidden, all, true)).toEqual({ kind: 'route', href: '/activity/sign-in' });
    expect(activityClick(sign, all, false)).toEqual({ kind: 'route', href: '/activity/sign-in' });
  });
});

describe('startup popups', () => {
  beforeEach(() => sessionStorage.clear());
  const notice = act(5, 25, { sort: 9, detail: { title: { 'en-US': 'Hello', 'pt-BR': 'Olá' }, body: { 'en-US': 'Body' } } });
  const fd = act(7, 44, { sort: 1 });

  it('orders notice before first deposit, whatever the sort', () => {
    const list = startupPopups(running([fd, notice]), true, []);
    expect(list.map((p) => p.kind)).toEqual(['notice', 'firstDeposit']);
  });

  it('shows first deposit only to a logged-in player who never deposited', () => {
    expect(startupPopups(running([fd, notice]), false, []).map((p) => p.kind)).toEqual(['notice']);
    expect(startupPopups(running([fd, notice], 100), true, []).map((p) => p.kind)).toEqual(['notice']);
  });

  it('shows each once per session (sessionStorage)', () => {
    const first = startupPopups(running([fd, notice]), true, seenStartupPopups());
    markStartupPopupSeen(first[0]!);
    expect(startupPopups(running([fd, notice]), true, seenStartupPopups()).map((p) => p.kind)).toEqual(['firstDeposit']);
    markStartupPopupSeen(first[1]!);
    expect(startupPopups(running([fd, notice]), true, seenStartupPopups())).toEqual([]);
    sessionStorage.clear();
    expect(startupPopups(running([fd, notice]), true, seenStartupPopups())).toHaveLength(2);
  });

  const download = act(3, 32, { sort: 20, detail: { amount: 777, multiplier: 4 } });

  it('puts the download popup first, whatever the sort, when the app may offer installing', () => {
    const list = startupPopups(running([fd, notice, download]), true, [], { offerDownload: true });
    expect(list.map((p) => p.kind)).toEqual(['download', 'notice', 'firstDeposit']);
    expect(list[0]!.activity.id).toBe(3);
  });

  it('skips the download popup for a visitor, and where installing is not offered (installed, iOS Chrome, received)', () => {
    expect(startupPopups(running([fd, notice, download]), false, [], { offerDownload: true }).map((p) => p.kind)).toEqual(['notice']);
    expect(startupPopups(running([fd, notice, download]), true, [], { offerDownload: false }).map((p) => p.kind)).toEqual(['notice', 'firstDeposit']);
    expect(startupPopups(running([fd, notice, download]), true, []).map((p) => p.kind)).toEqual(['notice', 'firstDeposit']);
    expect(startupPopups(running([fd, notice]), true, [], { offerDownload: true }).map((p) => p.kind)).toEqual(['notice', 'firstDeposit']);
  });

  it('shows the download popup once per session like the others', () => {
    const [first] = startupPopups(running([download, notice]), true, seenStartupPopups(), { offerDownload: true });
    expect(first!.kind).toBe('download');
    markStartupPopupSeen(first!);
    expect(startupPopups(running([download, notice]), true, seenStartupPopups(), { offerDownload: true }).map((p) => p.kind)).toEqual(['notice']);
  });

  it('gives a notice in the player\'s language, else en-US', () => {
    expect(noticeText(notice, 'pt-BR')).toEqual({ title: 'Olá', body: 'Body' });
    expect(noticeText(notice, 'th-TH')).toEqual({ title: 'Hello', body: 'Body' });
  });
});
