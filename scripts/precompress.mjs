// Precompressed copies of a build's text assets (decision 024): next to each compressible file of at
// least MIN_BYTES, `<file>.br` (brotli, maximum quality) and `<file>.gz` (gzip, level 9), which the
// server sends as they are when the browser accepts them. Compressing here, once per build, lets
// the build spend the CPU that a request could not: brotli 11 is too slow to run per answer.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** The text formats worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than a packet and costs a file. */
export const MIN_BYTES = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `.br` and `.gz` beside every compressible file of `dir` (recursively) of at least
 * MIN_BYTES; a variant not smaller than the file is not written, so the server sends the file.
 * Returns what it wrote, for the build's log.
 */
export async function precompressDir(dir) {
  const written = [];
  for await (const path of walk(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const plain = await readFile(path);
    if (plain.length < MIN_BYTES) continue;
    const [br, gzipped] = await Promise.all([
      brotli(plain, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
        },
      }),
      gz(plain, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    const entry = { path, bytes: plain.length, br: null, gzip: null };
    if (br.length < plain.length) {
      await writeFile(`${path}.br`, br);
      entry.br = br.length;
    }
    if (gzipped.length < plain.length) {
      await writeFile(`${path}.gz`, gzipped);
      entry.gzip = gzipped.length;
    }
    written.push(entry);
  }
  return written;
}

/**
 * Vite plugin: precompresses the output folder once the bundle is written (the public folder is
 * copied before that, so its files are included).
 */
export function precompress() {
  let outDir = '';
  let logger = null;
  return {
    name: 'playhall:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const written = await precompressDir(outDir);
        const sum = (key) => written.reduce((n, e) => n + (e[key] ?? 0), 0);
        logger?.info(`precompressed ${written.length} files: ${sum('bytes')} B → br ${sum('br')} B, gzip ${sum('gzip')} B`);
      },
    },
  };
}
