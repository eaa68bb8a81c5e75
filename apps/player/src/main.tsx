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
import { i18nReady } from './lib/i18n.ts';
import { watchOtherTabs } from './lib/session.ts';
import { captureInstallPrompt } from './lib/pwa.ts';
import { installNativeBridge } from './lib/native-bridge.ts';
import { startUpdates } from './lib/updates.ts';
import { Providers } from './app/providers.tsx';

captureInstallPrompt();
installNativeBridge();
startUpdates();
watchOtherTabs();

const rootEl = document.getElementById('root');
if (!rootEl) throw new Error('index.html lost its #root element');

// Texts first: a frame of raw translation keys would be worse than the cover a moment longer.
void i18nReady.finally(() => {
  createRoot(rootEl).render(
    <StrictMode>
      <Providers />
    </StrictMode>,
  );
});
