// Baseline of the player's bundle budget (bench/bundle-bench.ts, decision 033): the least a React 19
// page ships, built in the same run with the same Vite as the player.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <h1>Hello</h1>
  </StrictMode>,
);
