import { fireEvent, render, screen, waitFor, cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fairVerifyHref } from '@playhall/contract';
import { pickWeighted } from '@playhall/fairness';
import { fairFloats, hashServerSeed } from '@playhall/fairness/node';
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

describe('verify page, Lucky jackpot mode', () => {
  // The spec's award ids with weights as an operator might set them (a Mega hit is rare).
  const table = [
    { id: 50000, weight: 6000 },
    { id: 50001, weight: 1 },
    { id: 50002, weight: 9 },
    { id: 50003, weight: 90 },
    { id: 50004, weight: 900 },
    { id: 50005, weight: 3000 },
  ];
  const weights = table.map((e) => e.weight);
  const link = (over: Partial<Parameters<typeof fairVerifyHref>[0]> = {}) =>
    new URL(fairVerifyHref({ scope: 'jackpot', serverSeed, serverSeedHash: hashServerSeed(serverSeed), clientSeed: 'lucky', nonce: 7, table, ...over }), 'http://x').searchParams;

  it('a draw record\'s link recomputes the float, the position, the index and the winning entry, and checks the hash', async () => {
    for (const nonce of [0, 7, 12]) {
      cleanup();
      render(<VerifyPage lang="en-US" search={link({ nonce })} />);
      expect((screen.getByRole('combobox', { name: 'Game' }) as HTMLSelectElement).value).toBe('jackpot');
      expect((screen.getByRole('textbox', { name: /Award ids/ }) as HTMLInputElement).value).toBe('50000,50001,50002,50003,50004,50005');
      expect((screen.getByRole('textbox', { name: /Weights/ }) as HTMLInputElement).value).toBe('6000,1,9,90,900,3000');
      expect(screen.queryByRole('textbox', { name: 'Bet' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      const [float] = fairFloats({ serverSeed, clientSeed: 'lucky', nonce }, 1) as [number];
      const index = pickWeighted(float, weights);
      await waitFor(() => expect(screen.getByTestId('verify-float').textContent).toBe(String(float)));
      expect(screen.getByTestId('verify-position').textContent).toBe(`${Math.floor(float * 10_000)} of 10000`);
      expect(screen.getByTestId('verify-winner').textContent).toBe(`index ${index} · award id ${table[index]!.id}`);
      expect(screen.getByTestId('hash-check').textContent).toContain('matches');
      const marked = screen.getByTestId('verify-table').querySelector('tr[aria-current="true"]');
      expect(marked?.textContent).toContain(String(table[index]!.id));
    }
  });

  it('says when the seed does not match the hash shown before the draw', async () => {
    render(<VerifyPage lang="en-US" search={link({ serverSeedHash: 'c'.repeat(64) })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('hash-check').textContent).toContain('does NOT match'));
  });

  it('explains a seed still in use, a table whose lists disagree and bad weights, with no result', async () => {
    render(<VerifyPage lang="en-US" search={link({ serverSeed: null })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Seed still in use: rotate it in Fairness to verify'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Server seed' }), { target: { value: serverSeed } });
    fireEvent.change(screen.getByRole('textbox', { name: /Weights/ }), { target: { value: '1,2,3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Give exactly one weight per award id'));
    fireEvent.change(screen.getByRole('textbox', { name: /Weights/ }), { target: { value: '0,0,0,0,0,0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Weights are whole numbers of 0 or more, adding up to more than 0'));
    fireEvent.change(screen.getByRole('textbox', { name: /Weights/ }), { target: { value: '1,1,1,1,1,1' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Nonce' }), { target: { value: '-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/nonce/));
    expect(screen.queryByTestId('verify-result')).toBeNull();
  });

  it('speaks the page\'s language (pt-BR, th-TH)', async () => {
    render(<VerifyPage lang="pt-BR" search={link()} />);
    expect(screen.getByText(/Recalcule um sorteio do Jackpot da sorte/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(screen.getByText('Entrada vencedora')).toBeTruthy());
    cleanup();
    render(<VerifyPage lang="th-TH" search={link()} />);
    expect((screen.getByRole('combobox') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('แจ็กพอตนำโชค');
  });
});
