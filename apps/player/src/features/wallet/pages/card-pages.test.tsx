import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';


import type { ReceivingAccounts } from '@playhall/contract';
import { i18nReady } from '../../../lib/i18n.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/notify.ts';
import { account, accounts, bankTransfer, mockApi, pix, refuse, renderRoutes } from '../withdraw-test-kit.tsx';
import { CardEditPage, CardListPage } from './card-pages.tsx';

/** The start-up config as usePreLogin caches it: only the field these screens read matters. */
const config = { withdrawAccountLength: { min: 6, max: 30 } };

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(url: string, saved: ReceivingAccounts, handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ getBankInfoList: () => saved, ...handlers });
  const view = renderRoutes(url, { '/wallets/card/list': () => <CardListPage />, '/wallets/card/edit': () => <CardEditPage /> },
    (qc) => qc.setQueryData(['preLogin', 'en-US'], config));
  return { ...view, api };
}

const field = (id: string) => document.querySelector<HTMLInputElement>(`input#${id}`)!;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId('account-save'));
const where = () => screen.getByTestId('where').textContent;

describe('receiving account list', () => {
  it('says what to do when there is no account yet', async () => {
    open('/wallets/card/list', accounts([]));
    const empty = await screen.findByTestId('cards-empty');
    expect(within(empty).getByText('No receiving account yet')).toBeTruthy();
    fireEvent.click(within(empty).getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(where()).toBe('/wallets/card/edit'));
  });

  it('shows channel, bank, holder, the masked number and the default badge; a tap opens the edit form', async () => {
    open('/wallets/card/list', accounts([
      account({ id: 1, isDefault: true }),
      account({ id: 2, isDefault: false, typeId: 2, typeName: 'Bank transfer', bankId: 11, bankName: 'Nubank', accountName: 'Ana S', accountNoMasked: '•••• 0001' }),
    ]));
    const rows = await screen.findAllByTestId('saved-account');
    expect(rows[1]!.textContent).toContain('Bank transfer · Nubank');
    expect(rows[1]!.textContent).toContain('Ana S');
    expect(within(rows[1]!).getByTestId('account-masked').textContent).toBe('•••• 0001');
    expect(within(rows[0]!).queryByTestId('default-badge')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('default-badge')).toBeNull();
    expect(screen.getByTestId('cards-count').textContent).toBe('2 of 5 accounts saved');
    fireEvent.click(rows[1]!);
    await waitFor(() => expect(where()).toBe('/wallets/card/edit?id=2'));
  });

  it('disables "Add account" at the most accounts allowed, and says why', async () => {
    open('/wallets/card/list', accounts([1, 2, 3, 4, 5].map((id) => account({ id, isDefault: id === 1 }))));
    await screen.findAllByTestId('saved-account');
    expect(screen.getByTestId('cards-add').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('cards-count').textContent).toBe('You have saved the most accounts allowed (5). Change one instead.');
  });
});

describe('receiving account form', () => {
  it('checks every field inline before calling', async () => {
    const { api } = open('/wallets/card/edit', accounts([]), { addBankInfo: () => refuse(500, 'not expected') });
    await screen.findByTestId('account-form');
    // Two channels: the player picks one; Bank transfer asks for a bank.
    fireEvent.click(within(screen.getByTestId('account-channels')).getByRole('radio', { name: 'Bank transfer' }));
    await screen.findByTestId('account-banks');
    type('account-name', 'Ana 2');
    type('account-no', '123');
    save();
    expect(await screen.findByText('Choose the bank')).toBeTruthy();
    expect(await screen.findByText("Use letters, spaces and . ' - only")).toBeTruthy();
    expect(await screen.findByText('The number must be 6 to 30 characters')).toBeTruthy();
    // The configured length is shown before any mistake, too.
    expect(screen.getByText('6 to 30 letters or digits (@ . _ + - allowed)')).toBeTruthy();
    expect(api.calls.addBankInfo).toBeUndefined();
  });

  it('adds an account, toasts its masked number and goes back where the player came from', async () => {
    const saved = accounts([account({ id: 9, typeId: 2, typeName: 'Bank transfer', bankId: 11, bankName: 'Nubank', accountNoMasked: '•••• 4321' })]);
    const { api } = open('/wallets/card/edit?redirect=%2Fwallets%3Fname%3Dwithdraw', accounts([]), { addBankInfo: () => saved });
    await screen.findByTestId('account-form');
    fireEvent.click(within(screen.getByTestId('account-channels')).getByRole('radio', { name: 'Bank transfer' }));
    fireEvent.click(within(await screen.findByTestId('account-banks')).getByRole('radio', { name: /Nubank/ }));
    type('account-name', '  Ana   Souza ');
    type('account-no', '0001 2345 4321');
    save();
    await waitFor(() => expect(where()).toBe('/wallets?name=withdraw'));
    expect(api.calls.addBankInfo![0]).toMatchObject({ typeId: bankTransfer.id, bankId: 11, accountName: 'Ana Souza', accountNo: '000123454321', isDefault: true });
    expect(showSuccessToast).toHaveBeenCalledWith('Account •••• 4321 saved');
  });

  it('puts a server refusal under its field and in a toast', async () => {
    open('/wallets/card/edit', accounts([account()]), { addBankInfo: () => refuse(3304, 'This account is already saved') });
    await screen.findByTestId('account-form');
    type('account-name', 'Ana Souza');
    type('account-no', '12345678');
    save();
    expect(await screen.findByText('This account is already saved', { selector: '.adm-form-item-feedback-error' })).toBeTruthy();
    expect(showErrorToast).toHaveBeenCalledWith('This account is already saved');
    expect(where()).toBe('/wallets/card/edit');
  });

  it('on edit the number starts empty with the masked number as placeholder, and only changes are sent', async () => {
    const current = account({ id: 4, isDefault: false, accountName: 'Ana Souza', accountNoMasked: '•••• 5678' });
    const { api } = open('/wallets/card/edit?id=4', accounts([account({ id: 1 }), current]), { modifyBankInfo: () => accounts([current]) });
    await screen.findByTestId('account-form');
    expect(screen.getByTestId('account-channel').textContent).toBe(pix.name);
    expect(field('account-no').value).toBe('');
    expect(field('account-no').placeholder).toBe('•••• 5678');
    expect(field('account-name').value).toBe('Ana Souza');
    type('account-name', 'Ana P Souza');
    save();
    await waitFor(() => expect(api.calls.modifyBankInfo).toHaveLength(1));
    expect(api.calls.modifyBankInfo![0]).toMatchObject({ id: 4, accountName: 'Ana P Souza' });
    expect(api.calls.modifyBankInfo![0]).not.toHaveProperty('accountNo');
    expect(api.calls.modifyBankInfo![0]).not.toHaveProperty('isDefault');
    await waitFor(() => expect(where()).toBe('/wallets/card/list'));
  });

  it('an unknown id shows a clear not-found state', async () => {
    open('/wallets/card/edit?id=99', accounts([account()]));
    expect(await screen.findByTestId('card-not-found')).toBeTruthy();
    expect(screen.getByText('This account was not found.')).toBeTruthy();
  });
});
