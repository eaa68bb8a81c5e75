import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/precompress.mjs';

const apiTarget = process.env.PLAYHALL_API ?? 'http://localhost:8080';

/**
 * The bet field uses the contract's money-input rule (decision 025); its only import, amounts.ts,
 * also builds zod schemas. Give it the zod-free copy of the one constant it needs instead.
 */
function contractAmountsWithoutZod(): Plugin {
  const shim = fileURLToPath(new URL('./src/client/contract-amounts.ts', import.meta.url));
  return {
    name: 'contract-amounts-without-zod',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === './amounts.ts' && importer?.replaceAll('\\', '/').endsWith('packages/contract/src/money-input.ts')) return shim;
      return null;
    },
  };
}

/**
 * The Originals game screens: one small React app served by the server under /originals/
 * (static files; /originals/play/:game and /originals/verify answer index.html).
 */
export default defineConfig({
  base: '/originals/',
  plugins: [contractAmountsWithoutZod(), react(), precompress()],
  server: {
    proxy: { '/originals/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
