import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the in-iframe client (Vite build, base `/originals/`) inside the `/originals` prefix:
 * hashed assets from the dist folder, and `index.html` for the SPA pages `/originals/play/:game`
 * and `/originals/verify`. Without a build those pages answer a plain 503 (the API still works).
 * The app-wide CSP (helmet) already allows what the pages need: same-origin scripts, styles,
 * images and API calls, and framing by our own pages only (frame-ancestors 'self').
 */
export async function registerClientPages(scope: FastifyInstance, distDir: string): Promise<void> {
  const indexPath = join(distDir, 'index.html');
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath) : null;

  const page = async (_req: unknown, reply: FastifyReply) => {
    if (!indexHtml) {
      return reply.status(503).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('The Originals game client is not built yet: run `npm run build -w apps/originals`.');
    }
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  };
  scope.get('/play/:game', page);
  scope.get('/verify', page);

  if (indexHtml) {
    await scope.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      index: false,
      // The build writes .br and .gz beside the assets (scripts/precompress.mjs, decision 024).
      preCompressed: true,
      // The main app already decorated reply.sendFile for the player app.
      decorateReply: false,
      setHeaders(res, path) {
        const isAsset = path.startsWith(join(distDir, 'assets'));
        res.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // Inside /originals/ a missing file is a 404, never the player app's index.html.
  scope.setNotFoundHandler((_req, reply) => reply.status(404).type('text/plain; charset=utf-8').send('Not found'));
}
