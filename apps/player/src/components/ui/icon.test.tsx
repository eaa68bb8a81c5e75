/**
 * <Icon> (decision 037): the icons shown together go in one request to our endpoint, are drawn from
 * its answer, and are not asked for again; configured hosts are rotated over after 750 ms.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { resetIcons, setIconHosts } from '../../lib/icons.ts';
import { Icon } from './icon.tsx';
import { manualFetch } from '../../lib/fetch-test-kit.ts';


const flushPromises = () => act(async () => { await vi.advanceTimersByTimeAsync(0); });

describe('<Icon>', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetIcons();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks once for the icons shown together and draws them from the answer', async () => {
    const f = manualFetch();
    vi.stubGlobal('fetch', f.fn);
    const view = render(<><Icon name="lucide:wallet" /><Icon name="lucide:user" size={24} /><Icon name="lucide:wallet" /></>);
    expect(view.container.querySelector('[data-icon="lucide:wallet"]')!.innerHTML).toBe('');
    await flushPromises();
    expect(f.sent.map((s) => s.url)).toEqual(['/app/icons/lucide.json?icons=user,wallet']);
    await act(async () => {
      f.sent[0]!.answer({ prefix: 'lucide', width: 24, height: 24, icons: { wallet: { body: '<path d="M1 1"/>' }, user: { body: '<circle r="1"/>' } } });
      await vi.advanceTimersByTimeAsync(0);
    });
    const wallet = view.container.querySelector('[data-icon="lucide:wallet"]')!;
    expect(wallet.innerHTML).toBe('<path d="M1 1"></path>');
    expect(wallet.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(view.container.querySelector('[data-icon="lucide:user"]')!.getAttribute('width')).toBe('24');
    // Loaded: another mount asks nothing.
    render(<Icon name="lucide:user" />);
    await flushPromises();
    expect(f.sent).toHaveLength(1);
  });

  it('rotates over configured hosts from the component too', async () => {
    const f = manualFetch();
    vi.stubGlobal('fetch', f.fn);
    setIconHosts(['https://a.test', 'https://b.test']);
    render(<Icon name="lucide:lock" />);
    await flushPromises();
    await act(async () => { await vi.advanceTimersByTimeAsync(750); });
    expect(f.sent.map((s) => s.url)).toEqual(['https://a.test/app/icons/lucide.json?icons=lock', 'https://b.test/app/icons/lucide.json?icons=lock']);
  });
});
