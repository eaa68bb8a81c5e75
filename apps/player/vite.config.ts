import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/precompress.mjs';

const apiTarget = process.env.PLAYHALL_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/app': { target: apiTarget, changeOrigin: true },
      '/dev': { target: apiTarget, changeOrigin: true },
      // The sandbox payment provider's pay page lives on the API server.
      '/sandbox': { target: apiTarget, changeOrigin: true },
      // The Originals games (iframe pages and their API) and provider callbacks are served by the API server too.
      '/originals': { target: apiTarget, changeOrigin: true },
      '/provider': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
  },
});
