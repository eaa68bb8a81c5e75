import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { logIn, mockApi, newQueryClient } from '../../../lib/game-test-kit.tsx';
import { renderApp } from '../../../app/app-test-kit.tsx';
import { resetEachTest } from '../../../lib/test-reset.ts';

const INFO = {
  inviteCode: 'AB12CD',
  validInvite: { deposit: 2_000, bet: 5_000 },
  invited: 3,
  valid: 1,
  recent: [
    { name: 'm***a', joinedAt: '2026-11-27T12:00:00.000Z', status: 'notCounted' },
    { name: 'j***o', joinedAt: '2026-11-26T12:00:00.000Z', status: 'pending' },
    { name: 'a***e', joinedAt: '2026-11-25T12:00:00.000Z', status: 'valid' },
  ],
};

resetEachTest();

describe('/share', () => {
  it("is the tab bar's Invite tab; a visitor is sent to login and back here", async () => {
    mockApi({});
    const app = await renderApp('/', newQueryClient());
    const bar = await waitFor(() => document.querySelector('.tab-bar') ?? Promise.reject(new Error('no tab bar')));
    expect(within(bar as HTMLElement).getAllByRole('link').map((a) => a.textContent)).toEqual(['Home', 'Bonus', 'Invite', 'Deposit', 'Me']);
    fireEvent.click(within(bar as HTMLElement).getByText('Invite'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/auth/login'));
    expect(app.router.state.location.search).toMatchObject({ redirect: '/share' });
  });

  it("the Deposit tab opens the deposit page (a visitor logs in first and comes back to it)", async () => {
    mockApi({});
    const app = await renderApp('/', newQueryClient());
    const bar = await waitFor(() => document.querySelector('.tab-bar') ?? Promise.reject(new Error('no tab bar')));
    fireEvent.click(within(bar as HTMLElement).getByText('Deposit'));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/auth/login'));
    expect(app.router.state.location.search).toMatchObject({ redirect: '/wallets?name=deposit' });
  });

  it("shows the link, the rule, the counts and the friends; shares the link and copies the code", async () => {
    mockApi({ getInviteInfo: () => INFO });
    const writeText = vi.fn(async (_: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    logIn();
    await renderApp('/share', newQueryClient());
    expect((await screen.findByTestId('invite-link')).textContent).toBe(`${location.origin}/auth/register?inviteCode=AB12CD`);
    expect(screen.getByTestId('invite-rule').textContent).toBe('Share your link. A friend who registers with it, then deposits 20.00 and bets 50.00 in total, is a valid invite.');
    expect(screen.getByTestId('invite-invited').textContent).toBe('3');
    expect(screen.getByTestId('invite-valid').textContent).toBe('1');
    const friends = screen.getAllByTestId('friend');
    expect(friends.map((f) => [f.dataset.status, f.textContent])).toEqual([
      ['notCounted', expect.stringMatching(/^m\*\*\*a.*Not counted$/)],
      ['pending', expect.stringMatching(/^j\*\*\*o.*Not yet valid$/)],
      ['valid', expect.stringMatching(/^a\*\*\*e.*Valid$/)],
    ]);
    fireEvent.click(screen.getByTestId('invite-share'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${location.origin}/auth/register?inviteCode=AB12CD`));
    fireEvent.click(screen.getByTestId('invite-copy-code'));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('AB12CD'));
    const tab = within(document.querySelector('.tab-bar')!).getByText('Invite').closest('a')!;
    expect(tab.getAttribute('aria-current')).toBe('page');
  });

  it('says so when nobody registered with the code yet', async () => {
    mockApi({ getInviteInfo: () => ({ ...INFO, invited: 0, valid: 0, recent: [] }) });
    logIn();
    await renderApp('/share', newQueryClient());
    expect((await screen.findByTestId('invite-none')).textContent).toBe('No friends yet: share your link to invite them.');
  });
});
