import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, ErrorCode } from '@playhall/contract';
import type { Config } from '../../config.ts';

/** Paths the SPA fallback never answers: they are API, provider or operational routes. */
const RESERVED = /^\/(app|provider|dev|sandbox)(\/|$)|^\/(healthz|readyz)(\/|$)/;

/**
 * A path that, decoded, has a `.` or `..` segment or a backslash names no page of the app: it only
 * probes for files outside it, so it gets neither a file nor the SPA page.
 */
function isNonCanonical(path: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  return decoded.includes('\\') || decoded.split('/').some((segment) => segment === '.' || segment === '..');
}

const forbiddenPath = () => new AppError(ErrorCode.forbidden, 'This path is not allowed');

/**
 * Serves the built player app when PLAYER_DIST exists, with the SPA fallback: a GET for any other
 * non-reserved path gets index.html, uncached. Hashed files under /assets/ are cached for a year.
 */
export async function registerStatic(app: FastifyInstance, config: Config): Promise<void> {
  if (config.hasPlayerDist) {
    await app.register(async (scope) => {
      // @fastify/static refuses encoded traversal and backslashes with its own 403 error, which the
      // app's error handler (AppError only) would answer as a 500; anything else goes on to it.
      scope.setErrorHandler((err: FastifyError) => {
        if (err.code === 'FST_STATIC_FORBIDDEN_PATH') throw forbiddenPath();
        throw err;
      });
      await scope.register(fastifyStatic, {
        root: config.playerDist,
        index: ['index.html'],
        setHeaders(reply, path) {
          const isAsset = path.startsWith(join(config.playerDist, 'assets'));
          reply.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  }
  const indexHtml = config.hasPlayerDist ? readFileSync(join(config.playerDist, 'index.html')) : null;

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (isNonCanonical(path)) throw forbiddenPath();
    if (req.method === 'GET' && !RESERVED.test(path) && !path.startsWith('/assets/')) {
      if (indexHtml) {
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
      }
      return reply.status(404).type('text/plain; charset=utf-8').send('The player app is not built yet: run `npm run build`.');
    }
    throw new AppError(ErrorCode.notFound, `Not found: ${req.method} ${path}`);
  });
}
