import type { CustomerServiceItem } from '@playhall/contract';
import { hasNativeBridge, openExternal, openNativeLiveChat } from '../../../lib/native-bridge.ts';

/** Customer-service item types (spec §3): 1 is the online service (live chat). */
export const ONLINE_SERVICE = 1;

export const isWebLink = (s: string) => /^https?:\/\//i.test(s);
export const isEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s);
const isAppPath = (s: string) => s.startsWith('/') && !s.startsWith('//');

/** Inside the native shell the online service opens the app's live chat, whatever its address (spec §6). */
export function opensNativeChat(item: CustomerServiceItem): boolean {
  return item.itemType === ONLINE_SERVICE && hasNativeBridge();
}

/**
 * What tapping a channel does: the online service in the native shell opens its live chat (when the
 * shell cannot, the web way follows); a web address opens outside the app (the shell's system
 * browser, or a new tab); a path of this site is navigated to.
 */
export async function openServiceItem(item: CustomerServiceItem, navigate: (href: string) => void): Promise<void> {
  if (opensNativeChat(item)) {
    const opened = await openNativeLiveChat({ name: item.name, ...(isWebLink(item.param1) ? { url: item.param1 } : {}) });
    if (opened) return;
  }
  if (isWebLink(item.param1)) await openExternal(item.param1);
  else if (isAppPath(item.param1)) navigate(item.param1);
}

/**
 * The channels the service page lists. Inside the native shell live chat is always there (spec §6:
 * chat is available to all; the app carries its own): when the operator's queue has no online
 * service, the app's chat comes first. Elsewhere the queue as it is.
 */
export function withNativeChat(items: CustomerServiceItem[] | undefined, name: string): CustomerServiceItem[] | undefined {
  if (!items || !hasNativeBridge() || items.some((i) => i.itemType === ONLINE_SERVICE)) return items;
  return [{ id: 0, itemType: ONLINE_SERVICE, name, param1: '', param2: '', sort: 0 }, ...items];
}
