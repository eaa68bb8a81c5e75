import type { Plugin } from 'vite';

export const COMPRESSIBLE: RegExp;
export const MIN_BYTES: number;
export interface PrecompressedFile {
  path: string;
  bytes: number;
  br: number | null;
  gzip: number | null;
}
export function precompressDir(dir: string): Promise<PrecompressedFile[]>;
export function precompress(): Plugin;
