import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, ErrorCode } from '@playhall/contract';
import type { Config } from '../../config.ts';

/** Paths the SPA fallback never answers: they are API, provider or operational routes. */
const RESERVED = /^\/(app|provider|dev|sandbox)(\/|$)|^\/(healthz|readyz)(\/|$)/;
/** Files only the build writes: when one is missing the answer is a 404, never the SPA page in its place. */
const BUILD_FILES = /^\/(assets|builds)\/|^\/(sw\.js|manifest\.webmanifest)$/;

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

/** The build's precompressed variants (scripts/precompress.mjs), in the order the server prefers them. */
const ENCODINGS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * index.html as the SPA fallback sends it: the file and whichever precompressed variants the
 * build wrote, read once at start-up like the file itself.
 */
function loadIndex(dist: string): { plain: Buffer; variants: Map<string, Buffer> } {
  const path = join(dist, 'index.html');
  const variants = new Map<string, Buffer>();
  for (const { encoding, suffix } of ENCODINGS) {
    if (existsSync(path + suffix)) variants.set(encoding, readFileSync(path + suffix));
  }
  return { plain: readFileSync(path), variants };
}

/** Sends the SPA page in the best encoding the request accepts, or as it is. */
function sendIndex(req: FastifyRequest, reply: FastifyReply, index: ReturnType<typeof loadIndex>) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
  const accepted = req.headers['accept-encoding'];
  const encoding = accepted && index.variants.size > 0 ? negotiate(accepted.toLowerCase(), [...index.variants.keys()]) : null;
  const variant = encoding ? index.variants.get(encoding) : undefined;
  if (!encoding || !variant) return reply.send(index.plain);
  return reply.header('content-encoding', encoding).send(variant);
}

/**
 * Serves the built player app when PLAYER_DIST exists, with the SPA fallback: a GET for any other
 * non-reserved path gets index.html, uncached. Hashed files under /assets/ are cached for a year;
 * everything else (sw.js, builds/latest.json, the manifest) is revalidated on each use.
 * A file the build precompressed goes out as its `.br` or `.gz` when the request accepts it
 * (decision 024); a Range request always gets the plain file, whose byte offsets it names.
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
      scope.addHook('onRequest', async (req) => {
        if (req.headers.range !== undefined) delete req.headers['accept-encoding'];
      });
      await scope.register(fastifyStatic, {
        root: config.playerDist,
        index: ['index.html'],
        preCompressed: true,
        setHeaders(reply, path) {
          const isAsset = path.startsWith(join(config.playerDist, 'assets'));
          reply.header('cache-control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
          // The installable app (decision 029): the manifest's own type, and the worker may control the whole site.
          if (path.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json; charset=utf-8');
          if (path === join(config.playerDist, 'sw.js')) reply.header('service-worker-allowed', '/');
        },
      });
    });
  }
  const index = config.hasPlayerDist ? loadIndex(config.playerDist) : null;

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    if (isNonCanonical(path)) throw forbiddenPath();
    if (req.method === 'GET' && !RESERVED.test(path) && !BUILD_FILES.test(path)) {
      if (index) return sendIndex(req, reply, index);
      return reply.status(404).type('text/plain; charset=utf-8').send('The player app is not built yet: run `npm run build`.');
    }
    throw new AppError(ErrorCode.notFound, `Not found: ${req.method} ${path}`);
  });
}
