import { create } from 'zustand';

/** The browser's install prompt event (not in the DOM typings yet). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  prompt: BeforeInstallPromptEvent | null;
  /** The player said no (our "Not now" or the browser's cancel): the offer is not made again. */
  dismissed: boolean;
}

/** Where a cancelled install offer is remembered (spec §2: shown once, a cancel remembered). */
export const INSTALL_DISMISSED_KEY = 'playhall.install.dismissed';

function readDismissed(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export const useInstallPrompt = create<InstallState>(() => ({ prompt: null, dismissed: readDismissed() }));

/** Running as the installed app (or in a native shell that says so): nothing to install. */
export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const nav = navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

/** The user agent token the native app shell adds to its web view's user agent. */
export const NATIVE_SHELL_UA = 'PlayhallApp/';

/** Where the app runs, as far as installing goes. */
export interface InstallEnv {
  userAgent: string;
  /** Standalone display mode (an installed PWA, or iOS's home-screen app). */
  standalone: boolean;
}

function currentEnv(): InstallEnv {
  return { userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent, standalone: isStandalone() };
}

/** Running installed: standalone display mode or inside the native shell (decision 030: the download bonus is claimed only so). */
export function isInstalledApp(env: InstallEnv = currentEnv()): boolean {
  return env.standalone || env.userAgent.includes(NATIVE_SHELL_UA);
}

/**
 * Whether the download popup may offer installing (spec §2): not in the native app, a PWA or
 * standalone mode (already installed), and not in iOS Chrome (`CriOS`: it cannot add a web app to
 * the home screen). Whether the player is logged in is the popup list's own check.
 */
export function canOfferInstall(env: InstallEnv = currentEnv()): boolean {
  return !isInstalledApp(env) && !env.userAgent.includes('CriOS');
}

/** The browser's install prompt when it may be offered: captured, not cancelled before, not installed already (PWA or native shell). */
export function useInstallOffer(): BeforeInstallPromptEvent | null {
  // Installed already (standalone, or the native shell: decision 035): nothing to offer.
  return useInstallPrompt((s) => (s.dismissed || isInstalledApp() ? null : s.prompt));
}

/** Where the home page remembers it made its one install offer. */
export const INSTALL_OFFERED_ON_HOME_KEY = 'playhall.install.offeredOnHome';

/** Whether the home page may still make its one offer (it has not made it on this device). */
export function homeOfferAvailable(): boolean {
  try {
    return localStorage.getItem(INSTALL_OFFERED_ON_HOME_KEY) !== '1';
  } catch {
    return false;
  }
}

/** Remembers that the home page made its offer, so it is made once. */
export function markHomeOfferShown(): void {
  try {
    localStorage.setItem(INSTALL_OFFERED_ON_HOME_KEY, '1');
  } catch {
    // storage blocked: nothing to remember with
  }
}

/** Remembers that the player declined installing, so the offer is not made again. */
export function dismissInstall(): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
  } catch {
    // storage blocked: the offer stays hidden for this visit only
  }
  useInstallPrompt.setState({ dismissed: true });
}

/** Captures the install prompt early: it fires once, often before the download page mounts. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    useInstallPrompt.setState({ prompt: e as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => useInstallPrompt.setState({ prompt: null }));
}

/** Shows the browser's install dialog; the event can be used once. */
export async function promptInstall(): Promise<boolean> {
  const { prompt } = useInstallPrompt.getState();
  if (!prompt) return false;
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  useInstallPrompt.setState({ prompt: null });
  if (outcome === 'dismissed') dismissInstall();
  return outcome === 'accepted';
}
