import { brotliCompressSync, constants, gzipSync, type BrotliOptions, type ZlibOptions } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const API_COMPRESSION_THRESHOLD = 1024;

/**
 * The answers worth compressing: the player API's envelope answers (and its OpenAPI document) and
 * the operator API. The provider wallet protocol is not among them: it is the hot path the
 * benchmark measures, and its answers are a few hundred bytes. Static files are precompressed by
 * the build and served by static.ts; the health checks and sandbox pages are tiny.
 */
const COMPRESSED_ROUTES = /^\/(app|operator)\//;

/** The encodings offered, in the server's order of preference. */
export const COMPRESSION_ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof COMPRESSION_ENCODINGS)[number] | 'identity';

/** Levels chosen for per-request cost: brotli quality 4 and gzip level 6 (brotli's maximum quality is for build time only). */
const BROTLI_OPTIONS: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } };
const GZIP_OPTIONS: ZlibOptions = { level: 6 };

/** An answer compressed as the plugin compresses it (for answers kept compressed, decision 067). */
export function compressAnswer(encoding: Exclude<AnswerEncoding, 'identity'>, body: Buffer): Buffer {
  return encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, GZIP_OPTIONS);
}

/**
 * Compresses API answers of at least API_COMPRESSION_THRESHOLD bytes when the client accepts br or
 * gzip (decision 024), at the levels above. Must be registered before the routes: it
 * decides per route as each one is added. Request bodies are never decompressed.
 */
export async function registerApiCompression(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !COMPRESSED_ROUTES.test(route.url)) route.compress = false;
  });
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: API_COMPRESSION_THRESHOLD,
    encodings: [...COMPRESSION_ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}
