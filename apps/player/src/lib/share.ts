import { copyText } from './clipboard.ts';
import { hasNativeBridge, sendToNative } from './native-bridge.ts';

/**
 * Shares a link: the shell's share sheet, else the browser's (Web Share), else the link is copied.
 * Rejects only when even copying failed (spec §8); a share the player cancels counts as done.
 */
export async function shareLink(share: { title?: string; text?: string; url: string }): Promise<'shared' | 'copied'> {
  if (hasNativeBridge()) {
    try {
      await sendToNative({ type: 'share', ...share });
      return 'shared';
    } catch {
      // Falls through to the web ways.
    }
  }
  if (typeof navigator !== 'undefined' && typeof navigator.share === 'function') {
    try {
      await navigator.share(share);
      return 'shared';
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return 'shared';
    }
  }
  await copyText(share.text ? `${share.text} ${share.url}` : share.url);
  return 'copied';
}
