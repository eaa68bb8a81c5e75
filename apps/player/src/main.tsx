// First: zod must be jitless before any schema parses (the page's CSP forbids eval).
import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// antd-mobile by path, not its index: the index would tie every component to the first screen.
// How antd-mobile renders its toasts and dialogs under React 19 is set by lib/antd-imperative.ts,
// which whatever shows one imports (decision 033).
import 'antd-mobile/es/global';
import './app/antd-styles.ts';
import './styles.css';
// The language sheet's styles came after the app's when the sheet was on the first screen: kept there.
import 'antd-mobile/es/components/action-sheet/action-sheet.css';
import { detectLanguages, i18nReady, toSupportedLanguage } from './lib/i18n.ts';
import { startPreLogin } from './lib/queries.ts';
import { watchOtherTabs } from './lib/session.ts';
import { captureInstallPrompt } from './lib/pwa.ts';
import { installNativeBridge } from './lib/native-bridge.ts';
import { startUpdates } from './lib/updates.ts';
import { watchChunkFailures } from './lib/chunk-reload.ts';
import { Providers } from './app/providers.tsx';

captureInstallPrompt();
installNativeBridge();
watchChunkFailures();
startUpdates();
watchOtherTabs();
// The start-up call goes out now, beside the texts and the home page's code (decision 038).
startPreLogin(toSupportedLanguage(detectLanguages()[0]));

const rootEl = document.getElementById('root');
if (!rootEl) throw new Error('index.html lost its #root element');

/**
 * The entry stylesheet, which index.html asks for without holding the cover's first paint (a
 * preload in its place in the head; decision 038), applied now: resolves once it is (or failed).
 */
function entryStyles(): Promise<unknown> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-entry-style]')];
  return Promise.all(
    links.map((link) => new Promise((resolve) => {
      link.addEventListener('load', resolve, { once: true });
      link.addEventListener('error', resolve, { once: true });
      link.rel = 'stylesheet';
    })),
  );
}

// Texts and styles first: a frame of raw translation keys or unstyled markup would be worse than
// the cover a moment longer.
void Promise.allSettled([i18nReady, entryStyles()]).then(() => {
  createRoot(rootEl).render(
    <StrictMode>
      <Providers />
    </StrictMode>,
  );
});
