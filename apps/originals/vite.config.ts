import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/precompress.mjs';

const apiTarget = process.env.PLAYHALL_API ?? 'http://localhost:8080';

/**
 * The Originals game screens: one small React app served by the server under /originals/
 * (static files; /originals/play/:game and /originals/verify answer index.html).
 */
export default defineConfig({
  base: '/originals/',
  plugins: [react(), precompress()],
  server: {
    proxy: { '/originals/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
