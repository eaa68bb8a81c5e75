import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClipboardError, copyText } from './clipboard.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('copyText (spec §8: a clipboard failure rejects)', () => {
  it('writes through the Clipboard API', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await copyText('INVITE42');
    expect(writeText).toHaveBeenCalledWith('INVITE42');
  });

  it('rejects when the Clipboard API refuses (no permission, page not focused)', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) } });
    await expect(copyText('x')).rejects.toBeInstanceOf(ClipboardError);
  });

  it('without the Clipboard API copies through a selection, and rejects when the browser says it did not copy', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    let copied = '';
    const exec = vi.fn((cmd: string) => {
      copied = (document.activeElement as HTMLTextAreaElement | null)?.value ?? (document.querySelector('textarea')?.value ?? '');
      return cmd === 'copy';
    });
    Object.defineProperty(document, 'execCommand', { value: exec, configurable: true, writable: true });
    await copyText('WD123');
    expect(copied).toBe('WD123');
    expect(document.querySelector('textarea')).toBeNull();

    exec.mockImplementation(() => false);
    await expect(copyText('WD123')).rejects.toBeInstanceOf(ClipboardError);
    expect(document.querySelector('textarea')).toBeNull();
  });
});
