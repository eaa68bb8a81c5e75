/**
 * A test double of the native app shell's side of the bridge (decision 035): a fake
 * `window.PlayhallNative` that records each request and answers it the way the shell does (a
 * `playhall:native` CustomEvent on window). Self-contained (no imports, no outer names) so a
 * browser test can inject it before the page's scripts: `page.addInitScript(installNativeShellDouble, opts)`.
 * The page must also run with the shell's user agent (`PlayhallApp/…`).
 */
export interface NativeShellDoubleOptions {
  /** getPushToken's answer (null: the shell has none yet). */
  pushToken?: string | null;
  /** Request types the shell refuses (answers ok: false). */
  refuse?: string[];
  /** Request types the shell never answers (an older shell). */
  ignore?: string[];
}

export interface NativeShellRecord {
  received: Array<Record<string, unknown> & { type: string; id: string; v: number }>;
}

declare global {
  interface Window {
    /** The double's log of what the page asked the shell (tests only). */
    __nativeShell?: NativeShellRecord;
  }
}

export function installNativeShellDouble(opts: NativeShellDoubleOptions = {}): void {
  const record: NativeShellRecord = { received: [] };
  window.__nativeShell = record;
  window.PlayhallNative = {
    postMessage(json: string) {
      const msg = JSON.parse(json) as NativeShellRecord['received'][number];
      record.received.push(msg);
      if ((opts.ignore ?? []).includes(msg.type)) return;
      const refused = (opts.refuse ?? []).includes(msg.type);
      const result = msg.type === 'getPushToken' ? { token: opts.pushToken ?? null } : undefined;
      const detail = refused ? { id: msg.id, ok: false, error: 'refused' } : { id: msg.id, ok: true, result };
      // The shell answers asynchronously, as a real one does.
      setTimeout(() => window.dispatchEvent(new CustomEvent('playhall:native', { detail })), 0);
    },
  };
}
