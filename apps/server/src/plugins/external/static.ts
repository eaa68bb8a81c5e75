import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError, ErrorCode } from '@playhall/contract';
import type { Config } from '../../config.ts';

/** Paths the SPA fallback never answers: they are API, provider or operational routes. */
const RESERVED = /^\/(app|provider|dev)(\/|$)|^\/(healthz|readyz)(\/|$)/;

/**
 * Serves the built player app when PLAYER_DIST exists, with the SPA fallback: a GET for any other
 * non-reserved path gets index.html, uncached. Hashed files under /assets/ are cached for a year.
 */
export async function registerStatic(app: FastifyInstance, config: Config): Promise<void> {
  if (config.hasPlayerDist) {
    await app.register(fastifyStatic, {
      root: config.playerDist,
      index: ['index.html'],
      setHeaders(reply, path) {
        const isAsset = path.startsWith(join(config.playerDist, 'assets'));
        reply.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = config.hasPlayerDist ? readFileSync(join(config.playerDist, 'index.html')) : null;

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (req.method === 'GET' && !RESERVED.test(path) && !path.startsWith('/assets/')) {
      if (indexHtml) {
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
      }
      return reply.status(404).type('text/plain; charset=utf-8').send('The player app is not built yet: run `npm run build`.');
    }
    throw new AppError(ErrorCode.notFound, `Not found: ${req.method} ${path}`);
  });
}
