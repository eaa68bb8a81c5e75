import { create } from 'zustand';

/** The browser's install prompt event (not in the DOM typings yet). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface InstallState {
  prompt: BeforeInstallPromptEvent | null;
}

export const useInstallPrompt = create<InstallState>(() => ({ prompt: null }));

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
  return outcome === 'accepted';
}
