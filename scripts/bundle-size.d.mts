export const HOME_JS_GOAL_BYTES: number;
export const HOME_JS_BUDGET_BYTES: number;
export interface MeasuredFile {
  file: string;
  bytes: number;
  gzip: number;
  brotli: number;
  /** Part of the entry script's own static graph (else: a route chunk's). */
  initial: boolean;
}
export interface SizeTotal {
  files: number;
  bytes: number;
  gzip: number;
  brotli: number;
}
export interface FirstScreen {
  entry: string;
  files: MeasuredFile[];
  total: SizeTotal;
  entryOnly: SizeTotal;
}
export function staticImports(source: string): string[];
export function dynamicImports(source: string): string[];
export function entryScript(dist: string): string;
export function staticGraph(dist: string, roots: string[]): string[];
export function routeChunk(dist: string, prefix: string): string;
export function measureFirstScreen(dist: string, opts?: { routes?: string[] }): FirstScreen;
export function kB(bytes: number): string;
