/**
 * Copies text to the clipboard (spec §8: a clipboard failure rejects). The async Clipboard API
 * first (it needs a secure context and, in some browsers, a user gesture); where it is missing,
 * the older selection + `execCommand('copy')` way. Either failing rejects with a ClipboardError:
 * the caller says so to the player (never a silent "copied").
 */
export class ClipboardError extends Error {
  constructor(cause?: unknown) {
    super('Could not copy to the clipboard', { cause });
    this.name = 'ClipboardError';
  }
}

function copyBySelection(text: string): void {
  if (typeof document === 'undefined' || typeof document.execCommand !== 'function') throw new ClipboardError();
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off screen, and not zooming iOS on focus.
  area.style.cssText = 'position:fixed;top:0;left:-9999px;font-size:16px;opacity:0';
  document.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length);
    if (!document.execCommand('copy')) throw new ClipboardError();
  } finally {
    area.remove();
  }
}

export async function copyText(text: string): Promise<void> {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  if (clipboard && typeof clipboard.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      return;
    } catch (e) {
      throw new ClipboardError(e);
    }
  }
  try {
    copyBySelection(text);
  } catch (e) {
    throw e instanceof ClipboardError ? e : new ClipboardError(e);
  }
}
