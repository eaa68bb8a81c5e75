import { fireEvent, render, screen, waitFor, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { hashServerSeed } from '@playhall/fairness/node';
import { verifyRoundSync } from '../../engine/verify-node.ts';
import { VerifyPage } from './verify-page.tsx';
import { verifyHrefForRound } from './verify-link.ts';
import type { RoundSummary } from '../../api/schemas.ts';

const serverSeed = 'a'.repeat(64);
const search = (extra: Record<string, string>) => new URLSearchParams({ serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: 'lucky', nonce: '7', ...extra });

afterEach(cleanup);

describe('verify page', () => {
  it('recomputes a dice round in the browser and confirms the seed matches its hash', async () => {
    render(<VerifyPage lang="en-US" search={search({ game: 'dice', target: '50.00', direction: 'over', bet: '1' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const expected = verifyRoundSync('dice', { serverSeed, clientSeed: 'lucky', nonce: 7, params: { bet: 100, target: 5000, direction: 'over' } });
    await waitFor(() => expect(screen.getByTestId('verify-roll').textContent).toBe((expected.outcome.roll / 100).toFixed(2)));
    expect(screen.getByTestId('hash-check').textContent).toContain('matches');
  });

  it('says so when the seed does not match the hash, and recomputes mines and crash from the form', async () => {
    render(<VerifyPage lang="en-US" search={search({ game: 'mines', mines: '5', picks: '12' })} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Server seed hash' }), { target: { value: 'b'.repeat(64) } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('hash-check').textContent).toContain('NOT'));
    const mines = verifyRoundSync('mines', { serverSeed, clientSeed: 'lucky', nonce: 7, params: { bet: 100, mines: 5, picks: [12] } });
    expect(screen.getByTestId('verify-mines').textContent).toBe(mines.outcome.mines.join(', '));

    fireEvent.change(screen.getByRole('combobox', { name: 'Game' }), { target: { value: 'crash' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const crash = verifyRoundSync('crash', { serverSeed, clientSeed: 'lucky', nonce: 7, params: { bet: 100, cashOutE2: 200 } });
    await waitFor(() => expect(screen.getByTestId('verify-crash').textContent).toBe(`${(crash.outcome.crashPointE2 / 100).toFixed(2)}×`));
  });

  it('shows the engine\'s message for a bad seed instead of an outcome', async () => {
    render(<VerifyPage lang="en-US" search={new URLSearchParams({ game: 'slot', serverSeed: 'nope', clientSeed: 'x', nonce: '0' })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).not.toBe(''));
    expect(screen.queryByTestId('verify-result')).toBeNull();
  });

  const round = (over: Partial<RoundSummary>): RoundSummary => ({
    roundId: 'r1', game: 'dice', status: 'settled', bet: 500, win: 965, params: null, serverSeedHash: hashServerSeed(serverSeed), serverSeed, clientSeed: 'lucky', nonce: 3, createdAt: 0, ...over,
  });
  const searchOf = (href: string) => new URL(href, 'http://x').searchParams;

  it('a round from the records opens pre-filled with its own nonce and inputs, not the last ones', async () => {
    const r = round({ params: { bet: 500, target: 4250, direction: 'over' } });
    render(<VerifyPage lang="en-US" search={searchOf(verifyHrefForRound(r, 'en-US'))} />);
    expect((screen.getByRole('textbox', { name: 'Nonce' }) as HTMLInputElement).value).toBe('3');
    expect((screen.getByRole('textbox', { name: 'Bet' }) as HTMLInputElement).value).toBe('5.00');
    expect((screen.getByRole('textbox', { name: 'Target' }) as HTMLInputElement).value).toBe('42.50');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const expected = verifyRoundSync('dice', { serverSeed, clientSeed: 'lucky', nonce: 3, params: { bet: 500, target: 4250, direction: 'over' } });
    await waitFor(() => expect(screen.getByTestId('verify-roll').textContent).toBe((expected.outcome.roll / 100).toFixed(2)));
  });

  it('a crash round that ended without a cash-out shows its crash point and a payout of 0', async () => {
    const r = round({ game: 'crash', win: 0, params: { bet: 500, cashOutE2: null } });
    render(<VerifyPage lang="en-US" search={searchOf(verifyHrefForRound(r, 'en-US'))} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    const crash = verifyRoundSync('crash', { serverSeed, clientSeed: 'lucky', nonce: 3, params: { bet: 500, cashOutE2: 101 } });
    await waitFor(() => expect(screen.getByTestId('verify-crash').textContent).toBe(`${(crash.outcome.crashPointE2 / 100).toFixed(2)}×`));
    expect(screen.getByTestId('verify-result').textContent).toContain('Payout 0.00');
  });

  it('has a header with a way back, and says how to reveal a seed still in use', async () => {
    const r = round({ game: 'mines', serverSeed: null, params: { bet: 100, mines: 3, picks: [4, 9] } });
    render(<VerifyPage lang="en-US" search={searchOf(verifyHrefForRound(r, 'en-US'))} />);
    expect(screen.getByRole('heading', { name: 'Verify a round' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: /Picks/ }) as HTMLInputElement).value).toBe('4,9');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Seed still in use: rotate it in Fairness to verify'));
  });
});
