/**
 * The player's first-screen JavaScript against a React 19 hello built in the same run with the same
 * Vite (issue 15 §1, decision 033).
 *
 *   npx tsx bench/bundle-bench.ts   (no settings; about 15 s)
 *
 * Builds the player (its own vite.config.ts, into a temporary directory: apps/player/dist is left
 * alone), a React 19 hello page and a page with React 19 plus the libraries the first screen cannot
 * do without (TanStack Router and Query, zustand; bench/bundle-baselines/). Each is measured
 * as scripts/bundle-size.mjs measures the player for its budget test: the entry script, the chunks
 * it imports statically and, for the player, the home route's chunks; gzip level 9 (brotli, what the
 * server sends, beside it). Prints a markdown section; `npm run bench` (bench/run.ts) writes it to
 * docs/benchmarks.md.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { HOME_JS_BUDGET_BYTES, HOME_JS_GOAL_BYTES, kB, measureFirstScreen, type FirstScreen } from '../scripts/bundle-size.mjs';
import { isMain, today, type BenchResult } from './report.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
/** The ratio: home first-screen JS at most 2.2× the hello page's. */
const GOAL_RATIO = 2.2;

async function buildPlayer(outDir: string): Promise<void> {
  const player = join(root, 'apps/player');
  await build({ root: player, configFile: join(player, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
}

async function buildBaseline(name: 'hello' | 'stack', outDir: string): Promise<void> {
  await build({ root: join(root, 'bench/bundle-baselines', name), configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir, emptyOutDir: true } });
}

export async function benchBundle(): Promise<BenchResult> {
  const work = mkdtempSync(join(tmpdir(), 'playhall-bundle-bench-'));
  try {
    const dirs = { player: join(work, 'player'), hello: join(work, 'hello'), stack: join(work, 'stack') };
    console.log('building the player, the React 19 hello and the React + stack baseline...');
    await buildPlayer(dirs.player);
    await buildBaseline('hello', dirs.hello);
    await buildBaseline('stack', dirs.stack);
    const player = measureFirstScreen(dirs.player);
    const hello = measureFirstScreen(dirs.hello, { routes: [] });
    const stack = measureFirstScreen(dirs.stack, { routes: [] });
    const ratio = player.total.gzip / hello.total.gzip;
    const row = (what: string, m: FirstScreen['total']) =>
      `| ${what} | ${m.files} | ${kB(m.bytes)} | ${kB(m.gzip)} | ${kB(m.brotli)} | ${(m.gzip / hello.total.gzip).toFixed(2)}× |`;
    const markdown = [
      '## Player bundle: home first-screen JS vs a React 19 hello',
      '',
      `The JavaScript a phone downloads before the home page's first screen (issue 15 §1, decision 033): the entry script of ` +
        '`index.html`, every chunk it imports statically and the home route\'s chunks, each gzipped at level 9 ' +
        '(`scripts/bundle-size.mjs`, the same measure the budget test `apps/player/e2e/bundle-budget.e2e.ts` holds to ' +
        `${kB(HOME_JS_BUDGET_BYTES)}, and which checks in Chromium that these are exactly the scripts the page fetches). The baselines ` +
        'are built in the same run with the same Vite: a React 19 hello, and React 19 with TanStack Router and Query and ' +
        'zustand each used once (`bench/bundle-baselines/`; i18next was in it until the player\'s own translator replaced it).',
      '',
      '| Build | Files | Raw | gzip 9 | brotli 11 | gzip × hello |',
      '|---|---|---|---|---|---|',
      row('React 19 hello', hello.total),
      row('React 19 + Router + Query + zustand', stack.total),
      row('Player home, entry script\'s graph only', player.entryOnly),
      row('**Player home first screen** (with the home route)', player.total),
      '',
      `Goal: at most ${kB(HOME_JS_GOAL_BYTES)}, ${GOAL_RATIO}× the hello page. The libraries alone are ` +
        `${(stack.total.gzip / hello.total.gzip).toFixed(2)}× the hello page: the goal leaves ` +
        `${kB(Math.max(0, GOAL_RATIO * hello.total.gzip - stack.total.gzip))} for everything else on the first screen (the player's ` +
        `own code, its default-language texts, the antd-mobile pieces it shows), which takes ${kB(player.total.gzip - stack.total.gzip)} now.`,
      '',
      'Before decision 033 the same measure read 270.3 kB in 37 files, and the default language\'s texts (8.4 kB) came after ' +
        'them in a request of their own: 278.7 kB in 38 files.',
      '',
      'The first screen\'s files, largest first (+: the home route\'s):',
      '',
      '| File | Raw | gzip 9 | brotli 11 |',
      '|---|---|---|---|',
      ...player.files.map((f) => `| ${f.initial ? '' : '+ '}${f.file.replace(/-[\w-]{8}\.js$/, '.js')} | ${kB(f.bytes)} | ${kB(f.gzip)} | ${kB(f.brotli)} |`),
    ].join('\n');
    return {
      id: 'bundle',
      markdown,
      goals: [
        { goal: `home first-screen JS ≤ ${kB(HOME_JS_GOAL_BYTES)} gzipped`, measured: `${kB(player.total.gzip)} in ${player.total.files} files`, met: player.total.gzip <= HOME_JS_GOAL_BYTES },
        { goal: `≤ ${GOAL_RATIO}× a React 19 hello (same run)`, measured: `${ratio.toFixed(2)}× (hello ${kB(hello.total.gzip)})`, met: ratio <= GOAL_RATIO },
      ],
      ok: true,
      full: true,
      date: today(),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) {
  const r = await benchBundle();
  console.log(r.markdown);
}
