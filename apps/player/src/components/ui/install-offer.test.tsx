/** The install offer (spec §2): the home page makes it once on a device, and a cancel is remembered. */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18nReady } from '../../lib/i18n.ts';
import { HomeInstallOffer } from './install-offer.tsx';
import { INSTALL_DISMISSED_KEY, INSTALL_OFFERED_ON_HOME_KEY, useInstallPrompt, type BeforeInstallPromptEvent } from '../../lib/pwa.ts';

function capturedPrompt(): BeforeInstallPromptEvent {
  return Object.assign(new Event('beforeinstallprompt'), {
    prompt: () => Promise.resolve(),
    userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
  });
}

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  useInstallPrompt.setState({ prompt: null, dismissed: false });
});

describe('home install offer', () => {
  it('is made once on a device: not again on the next visit', () => {
    render(<HomeInstallOffer />);
    expect(screen.queryByTestId('home-install-offer')).toBeNull(); // nothing to offer until the browser allows it
    act(() => useInstallPrompt.setState({ prompt: capturedPrompt() }));
    expect(screen.getByTestId('home-install-offer').textContent).toMatch(/Add Playhall to your home screen/);
    expect(localStorage.getItem(INSTALL_OFFERED_ON_HOME_KEY)).toBe('1');
    cleanup();
    render(<HomeInstallOffer />);
    expect(screen.queryByTestId('home-install-offer')).toBeNull();
  });

  it('goes away on Not now and the cancel is remembered', () => {
    useInstallPrompt.setState({ prompt: capturedPrompt() });
    render(<HomeInstallOffer />);
    fireEvent.click(screen.getByTestId('install-not-now'));
    expect(screen.queryByTestId('home-install-offer')).toBeNull();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('1');
  });
});
