import { readdir, mkdir, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/precompress.mjs';

const apiTarget = process.env.PLAYHALL_API ?? 'http://localhost:8080';

/** This build's release: what `builds/latest.json` announces and what the running app compares it with. */
const builtAt = new Date().toISOString();
const buildVersion = `${builtAt.replace(/\D/g, '').slice(0, 14)}-${Math.random().toString(36).slice(2, 8)}`;

/** Paths the service worker never answers: the API, the operator, the providers, the Originals and the pay sandbox. */
const NEVER_CACHED = ['/app/', '/operator', '/provider', '/originals', '/sandbox', '/dev/', '/builds/', '/healthz', '/readyz'];

/**
 * The service worker (decision 029), written whole by the build so its bytes change with each release
 * and the browser installs the new one. Same origin, no imports: the page's CSP (script-src 'self',
 * worker-src 'self') allows it as it is.
 */
function serviceWorkerSource(version: string, precache: string[], assets: string[]): string {
  return `// Playhall service worker, release ${version} (written by the build: apps/player/vite.config.ts).
const VERSION = ${JSON.stringify(version)};
const SHELL = 'playhall-shell-' + VERSION;
const ASSETS = 'playhall-assets';
const PRECACHE = ${JSON.stringify(precache)};
// Every hashed file of this release: on activate, what an earlier release cached and this one no
// longer has is deleted, so the assets cache holds one release (plus files both releases share).
const RELEASE_ASSETS = new Set(${JSON.stringify(assets)});
const NEVER = ${JSON.stringify(NEVER_CACHED)};

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('playhall-shell-') && k !== SHELL).map((k) => caches.delete(k))))
      .then(() => caches.open(ASSETS))
      .then((cache) => cache.keys().then((requests) => Promise.all(
        requests.filter((r) => !RELEASE_ASSETS.has(new URL(r.url).pathname)).map((r) => cache.delete(r)),
      )))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (NEVER.some((prefix) => url.pathname === prefix.replace(/\\/$/, '') || url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') {
    // Pages always come from the server (they need it); without it, the offline page says so.
    event.respondWith(fetch(request).catch(() => caches.match('/offline.html', { cacheName: SHELL }).then((r) => r || Response.error())));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed file names never change content: cache first, then the network (kept for next time).
    event.respondWith(
      caches.match(request).then((hit) => hit || fetch(request).then((response) => {
        // Only this release's files are kept (a tab of an older release may still ask for its own).
        if (response.ok && RELEASE_ASSETS.has(url.pathname)) {
          const copy = response.clone();
          void caches.open(ASSETS).then((cache) => cache.put(request, copy));
        }
        return response;
      })),
    );
    return;
  }
  if (PRECACHE.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname, { cacheName: SHELL }).then((r) => r || Response.error())));
  }
});
`;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)])));
  return nested.flat();
}

/**
 * Writes `sw.js` and `builds/latest.json` ({version, builtAt}) into the output once the bundle is
 * there (before precompress, which runs last). The worker precaches the app shell: the offline page
 * and what it needs, the manifest and icons, and the entry script and styles index.html loads.
 */
function serviceWorker(): Plugin {
  let outDir = '';
  return {
    name: 'playhall:service-worker',
    apply: 'build',
    config: () => ({ define: { __PLAYHALL_BUILD__: JSON.stringify(buildVersion) } }),
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      sequential: true,
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        const html = index && index.type === 'asset' ? String(index.source) : '';
        const entry = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);
        const publicShell = (await listFiles(outDir))
          .map((f) => `/${relative(outDir, f).split('\\').join('/')}`)
          .filter((p) => /^\/(offline\.(html|css|js)|manifest\.webmanifest|logo\.svg|icons\/[^/]+\.png)$/.test(p));
        const precache = [...new Set([...publicShell, ...entry])].sort();
        const assets = Object.keys(bundle).filter((f) => f.startsWith('assets/')).map((f) => `/${f}`).sort();
        await writeFile(join(outDir, 'sw.js'), serviceWorkerSource(buildVersion, precache, assets));
        await mkdir(join(outDir, 'builds'), { recursive: true });
        await writeFile(join(outDir, 'builds/latest.json'), `${JSON.stringify({ version: buildVersion, builtAt })}\n`);
      },
    },
  };
}

/**
 * The first paint and the home route's requests (issue 15 §1, decision 038). The cover is styled
 * inline, so the entry stylesheet need not hold its paint: index.html asks for it as a preload, in
 * its place in the head (the cascade order stays), and main.tsx turns it into the stylesheet and
 * waits for it before the first render. And the home page's chunks and styles, which the router
 * would ask for only once the entry script has run, are asked for by index.html itself.
 */
function firstPaint(): Plugin {
  return {
    name: 'playhall:first-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle ?? {};
        const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
        const home = chunks.find((c) => c.facadeModuleId?.endsWith('/features/home/pages/home-page.tsx'));
        const entryFiles = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [c.fileName, ...c.imports]));
        const links: string[] = [];
        const seen = new Set<string>();
        const walk = (file: string) => {
          const chunk = bundle[file];
          if (seen.has(file) || entryFiles.has(file) || !chunk || chunk.type !== 'chunk') return;
          seen.add(file);
          links.push(`<link rel="modulepreload" crossorigin href="/${file}">`);
          for (const css of chunk.viteMetadata?.importedCss ?? []) links.push(`<link rel="preload" as="style" crossorigin href="/${css}">`);
          chunk.imports.forEach(walk);
        };
        if (home) walk(home.fileName);
        return html
          .replace(/<link rel="stylesheet" crossorigin href="([^"]+)">/g, '<link rel="preload" as="style" crossorigin href="$1" data-entry-style>')
          .replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), firstPaint(), serviceWorker(), precompress()],
  define: { __PLAYHALL_BUILD__: JSON.stringify('dev') },
  resolve: {
    // React 19 has useSyncExternalStore: the shim the router's store and antd-mobile import (for
    // React 16-17) becomes React's own hook, 0.4 kB less on the first screen (decisions 033, 052).
    alias: [
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./src/lib/sync-external-store.ts', import.meta.url)) },
      // antd-mobile's ConfigProvider module imports its Chinese texts as the default locale, used
      // only outside a provider; the app renders inside one with the player's language: English
      // stands in (the texts the first screen already carries), 1 kB less on it.
      { find: /^\.\.\/\.\.\/locales\/zh-CN$/, replacement: 'antd-mobile/es/locales/en-US' },
    ],
  },
  server: {
    proxy: {
      // ws: the live pushes' WebSocket (/app/live) goes through the same proxy.
      '/app': { target: apiTarget, changeOrigin: true, ws: true },
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
    // Vite's chunk-size warning keeps its default limit, and the first screen's own budget is a
    // test (apps/player/e2e/bundle-budget.e2e.ts, decision 033).
    rolldownOptions: {
      treeshake: {
        // The contract's modules only define things: what the player does not use is left out,
        // its zod schemas included (the first screen does not load zod at all; decision 033).
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
        // Building a schema (`z.object(...)`) has no effect but the schema: an unused one is dropped.
        manualPureFunctions: ['z'],
      },
    },
  },
});
