import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';


import { openAuthModal } from '../../../lib/modals.ts';
import { logIn, mockApi, newQueryClient } from '../../../lib/game-test-kit.tsx';
import { renderApp } from '../../../app/app-test-kit.tsx';
import { flushEvents, resetTracker } from '../../../lib/tracker.ts';
import { resetEachTest } from '../../../lib/test-reset.ts';

const base = { sort: 1, clickType: 1, clickAction: '', unloginShowStatus: true, themeUrl: null, endsAt: null, rules: {} };
const NOTICE = { ...base, id: 3, type: 25, name: 'News', sort: 50, detail: { title: { 'en-US': 'Maintenance tonight' }, body: { 'en-US': 'Back at 03:00.' } } };
const FIRST_DEPOSIT = { ...base, id: 7, type: 44, name: 'First deposit bonus', sort: 1, detail: { tiers: [{ minDeposit: 2000, bonus: 500 }], multiplier: 3 } };
const running = (totalRecharge: number) => () => ({ activityIds: [7, 3], activityMap: { 7: FIRST_DEPOSIT, 3: NOTICE }, hasTurntable: false, totalRecharge });

resetEachTest();
afterEach(() => {
  resetTracker();
});

describe('startup popups', () => {
  it('shows the notice, then the first-deposit offer once the notice is closed; neither again in the same session', async () => {
    mockApi({ getActivityIds: running(0) });
    logIn();
    await renderApp('/', newQueryClient());
    const notice = await screen.findByTestId('notice-modal', {}, { timeout: 8000 });
    expect(notice.textContent).toContain('Maintenance tonight');
    expect(notice.textContent).toContain('Back at 03:00.');
    expect(screen.queryByTestId('first-deposit-modal')).toBeNull();
    fireEvent.click(screen.getByTestId('notice-close'));
    const fd = await screen.findByTestId('first-deposit-modal');
    expect(fd.textContent).toContain('Bonus coin needs ×3 turnover before withdrawal');
    fireEvent.click(screen.getByTestId('first-deposit-close'));
    await waitFor(() => expect(screen.queryByTestId('first-deposit-modal')).toBeNull());

    // A reload: a new app, the same session storage.
    cleanup();
    await renderApp('/', newQueryClient());
    await screen.findByTestId('activity-banner');
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('notice-modal')).toBeNull();
    expect(screen.queryByTestId('first-deposit-modal')).toBeNull();
  });

  it('tracks each popup shown and the offer taken up (popup_show, popup_claim) with its activity', async () => {
    const api = mockApi({ getActivityIds: running(0), 'anonymous/appEventLogClient': () => ({ accepted: 1 }) });
    logIn();
    await renderApp('/', newQueryClient());
    await screen.findByTestId('notice-modal', {}, { timeout: 8000 });
    fireEvent.click(screen.getByTestId('notice-close'));
    await screen.findByTestId('first-deposit-modal');
    fireEvent.click(screen.getByTestId('first-deposit-modal-go'));
    flushEvents();
    const sent = (api.calls['anonymous/appEventLogClient'] ?? []).flatMap((b) => b.eventList as { name: string; props?: Record<string, unknown> }[]);
    expect(sent.filter((e) => e.name.startsWith('popup_')).map((e) => [e.name, e.props])).toEqual([
      ['popup_show', { popup: 'notice', activityId: 3 }],
      ['popup_show', { popup: 'first-deposit', activityId: 7 }],
      ['popup_claim', { popup: 'first-deposit', activityId: 7 }],
    ]);
  });

  it('offers the first deposit only to a player who never deposited', async () => {
    mockApi({ getActivityIds: running(5000) });
    logIn();
    await renderApp('/', newQueryClient());
    await screen.findByTestId('notice-modal');
    fireEvent.click(screen.getByTestId('notice-close'));
    await screen.findByTestId('activity-banner');
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('first-deposit-modal')).toBeNull();
  });

  it('waits while an auth modal is open', async () => {
    mockApi({ getActivityIds: running(0) });
    logIn();
    openAuthModal('login');
    await renderApp('/', newQueryClient());
    await screen.findByTestId('activity-banner');
    await new Promise((r) => setTimeout(r, 300));
    expect(screen.queryByTestId('notice-modal')).toBeNull();
  });
});
