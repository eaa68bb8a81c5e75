/** Platform detection for the common request fields (spec §9: 0 on mobile browsers, 1 otherwise). */

const MOBILE_UA = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile|BlackBerry|webOS/i;

export function isMobileUserAgent(ua: string): boolean {
  return MOBILE_UA.test(ua);
}

export function detectPlatform(ua: string = navigator.userAgent): 0 | 1 {
  return isMobileUserAgent(ua) ? 0 : 1;
}

/** Short OS name for preLogin / getAfterLoginInfoWeb diagnostics. */
export function detectOs(ua: string = navigator.userAgent): string {
  if (/Android/i.test(ua)) return 'android';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios';
  if (/Windows/i.test(ua)) return 'windows';
  if (/Mac OS X/i.test(ua)) return 'macos';
  if (/Linux/i.test(ua)) return 'linux';
  return 'other';
}

/** A stable anonymous device id, kept so the server can tie repeated sign-ups together. */
export function deviceId(): string {
  const key = 'deviceId';
  let id = localStorage.getItem(key);
  if (!id) {
    id = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    localStorage.setItem(key, id);
  }
  return id;
}
