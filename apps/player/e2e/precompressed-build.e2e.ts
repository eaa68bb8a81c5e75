/**
 * The player build as the server serves it (decision 024): every text asset worth compressing has
 * a brotli and a gzip copy beside it that decompress to the file itself. Reads the build npm test
 * makes before the suites run (`npm run build -w apps/player`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { COMPRESSIBLE, MIN_BYTES } from '../../../scripts/precompress.mjs';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)]));
}

describe('player build: precompressed assets', () => {
  it('writes .br and .gz beside each compressible file of at least 1 KiB, holding the same bytes', () => {
    if (!existsSync(join(dist, 'index.html'))) {
      throw new Error('apps/player/dist is missing: run `npm run build -w apps/player` first (npm test does it).');
    }
    const all = files(dist);
    const compressible = all.filter((f) => COMPRESSIBLE.test(f) && readFileSync(f).length >= MIN_BYTES);
    // The entry script and its stylesheet at least; the route chunks too.
    expect(compressible.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(5);
    expect(compressible.some((f) => f.endsWith('.css'))).toBe(true);
    for (const file of compressible) {
      const plain = readFileSync(file);
      const name = relative(dist, file);
      expect(existsSync(`${file}.br`), `${name}.br`).toBe(true);
      expect(existsSync(`${file}.gz`), `${name}.gz`).toBe(true);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(plain), `${name}.br decompresses to ${name}`).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(plain), `${name}.gz decompresses to ${name}`).toBe(true);
    }
    // Nothing else is compressed: not the images, not the small files, not the variants themselves.
    for (const file of all.filter((f) => f.endsWith('.br') || f.endsWith('.gz'))) {
      expect(compressible, relative(dist, file)).toContain(file.replace(/\.(br|gz)$/, ''));
    }
  });
});
