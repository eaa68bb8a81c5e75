/**
 * What `use-sync-external-store/shim` gives on React 18+: React's own hook. The router's store and
 * antd-mobile import the shim (written for React 16-17); vite.config.ts points it here so the first
 * screen does not carry the shim's fallback (0.4 kB gzipped; decision 052).
 */
export { useSyncExternalStore } from 'react';
