// First: zod must be jitless before any schema parses (the page's CSP forbids eval).
import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile';
import './styles.css';
import { i18nReady } from './lib/i18n.ts';
import { watchOtherTabs } from './lib/session.ts';
import { captureInstallPrompt } from './lib/pwa.ts';
import { startUpdates } from './lib/updates.ts';
import { Providers } from './app/providers.tsx';

// antd-mobile renders Toast/Dialog through React 18's legacy API unless told how under React 19.
unstableSetRender((node, container) => {
  const holder = container as Element & { _playhallRoot?: Root };
  holder._playhallRoot ??= createRoot(container);
  holder._playhallRoot.render(node);
  return async () => {
    await Promise.resolve();
    holder._playhallRoot?.unmount();
    delete holder._playhallRoot;
  };
});

captureInstallPrompt();
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
