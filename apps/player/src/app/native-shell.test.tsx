import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';


import { mockApi, newQueryClient, preLoginData } from '../lib/game-test-kit.tsx';
import { installNativeBridge, resetNativeBridgeForTests } from '../lib/native-bridge.ts';
import { installNativeShellDouble, type NativeShellDoubleOptions } from '../lib/native-shell-double.ts';
import { useInstallOffer, useInstallPrompt, type BeforeInstallPromptEvent } from '../lib/pwa.ts';
import { renderApp } from './app-test-kit.tsx';
import { resetEachTest } from '../lib/test-reset.ts';

const SHELL_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 PlayhallApp/2.3.0';

function inShell(opts: NativeShellDoubleOptions = {}) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(SHELL_UA);
  installNativeShellDouble(opts);
  return () => window.__nativeShell!.received;
}

const queue = [
  { id: 1, itemType: 1, name: 'Live chat', param1: 'https://chat.example.org/room', param2: '', sort: 1 },
  { id: 2, itemType: 2, name: 'Telegram', param1: 'https://t.example.org/playhall', param2: '@playhall', sort: 2 },
];

resetEachTest();
beforeEach(() => {
  resetNativeBridgeForTests();
});
afterEach(() => {
  delete window.PlayhallNative;
  delete window.__nativeShell;
});

describe('customer service (spec §6: in the native app it opens native live chat)', () => {
  it('in a browser, Chat opens the chat address in a new tab', async () => {
    mockApi({});
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderApp('/service', newQueryClient(undefined, { appCustomerServiceQueue: queue }));
    const [chat] = await screen.findAllByTestId('service-open');
    fireEvent.click(chat!);
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://chat.example.org/room', '_blank', 'noopener,noreferrer'));
  });

  it('in the shell, Chat opens the shell\'s live chat and no tab; other channels leave through the shell', async () => {
    const received = inShell();
    mockApi({});
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    await renderApp('/service', newQueryClient(undefined, { appCustomerServiceQueue: queue }));
    const [chat, telegram] = await screen.findAllByTestId('service-open');
    fireEvent.click(chat!);
    await waitFor(() => expect(received()).toHaveLength(1));
    expect(received()[0]).toMatchObject({ type: 'openLiveChat', name: 'Live chat', url: 'https://chat.example.org/room' });
    fireEvent.click(telegram!);
    await waitFor(() => expect(received()).toHaveLength(2));
    expect(received()[1]).toMatchObject({ type: 'openExternal', url: 'https://t.example.org/playhall' });
    expect(open).not.toHaveBeenCalled();
  });

  it('in the shell an online service with no web address still offers Chat (the native one)', async () => {
    const received = inShell();
    mockApi({});
    await renderApp('/service', newQueryClient(undefined, { appCustomerServiceQueue: [{ ...queue[0]!, param1: 'in-app' }] }));
    fireEvent.click(await screen.findByTestId('service-open'));
    await waitFor(() => expect(received()[0]).toMatchObject({ type: 'openLiveChat', name: 'Live chat' }));
    expect(received()[0]!.url).toBeUndefined();
  });
});

describe('customer service in the shell without an online service in the queue', () => {
  const helpOnly = [{ id: 3, itemType: 3, name: 'Help centre (FAQ)', param1: '/faq', param2: '', sort: 2 }];

  it('lists the app\'s live chat first, which opens natively; a browser lists the queue as it is', async () => {
    mockApi({});
    await renderApp('/service', newQueryClient(undefined, { appCustomerServiceQueue: helpOnly }));
    await screen.findByText('Help centre (FAQ)');
    expect(screen.queryByText('Live chat')).toBeNull();
    cleanup();

    const received = inShell();
    await renderApp('/service', newQueryClient(undefined, { appCustomerServiceQueue: helpOnly }));
    const items = await screen.findAllByTestId('service-item');
    expect(items.map((i) => i.querySelector('h2')?.textContent)).toEqual(['Live chat', 'Help centre (FAQ)']);
    fireEvent.click(items[0]!.querySelector('[data-testid="service-open"]')!);
    await waitFor(() => expect(received()).toEqual([expect.objectContaining({ type: 'openLiveChat', name: 'Live chat' })]));
  });
});

describe('preLogin from the shell (spec §7 messagingToken)', () => {
  it('carries the shell\'s push token', async () => {
    inShell({ pushToken: 'fcm-token-xyz' });
    const api = mockApi({ preLogin: () => preLoginData() });
    await renderApp('/', newQueryClient(null));
    await waitFor(() => expect(api.calls.preLogin).toHaveLength(1));
    expect(api.calls.preLogin![0]!.messagingToken).toBe('fcm-token-xyz');
  });

  it('a browser sends none', async () => {
    const api = mockApi({ preLogin: () => preLoginData() });
    await renderApp('/', newQueryClient(null));
    await waitFor(() => expect(api.calls.preLogin).toHaveLength(1));
    expect('messagingToken' in api.calls.preLogin![0]!).toBe(false);
  });
});

describe('inside the shell', () => {
  it('the browser install offer is never made (already installed)', () => {
    const prompt = { prompt: () => Promise.resolve(), userChoice: Promise.resolve({ outcome: 'dismissed' as const }) } as unknown as BeforeInstallPromptEvent;
    useInstallPrompt.setState({ prompt, dismissed: false });
    expect(renderHook(() => useInstallOffer()).result.current).toBe(prompt);
    inShell();
    expect(renderHook(() => useInstallOffer()).result.current).toBeNull();
    useInstallPrompt.setState({ prompt: null });
  });

  it('a link to another site opens in the system browser through the shell, not inside the app', async () => {
    const received = inShell();
    installNativeBridge();
    render(<a href="https://partner.example.org/promo" target="_blank" rel="noopener noreferrer">Promo</a>);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.getByText('Promo').dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    await waitFor(() => expect(received()).toEqual([expect.objectContaining({ type: 'getPushToken' }), expect.objectContaining({ type: 'openExternal', url: 'https://partner.example.org/promo' })]));
  });
});
