#!/usr/bin/env node
// `npm start`: installs what is missing, builds the player app and the Originals' screens when
// their sources changed, then runs the server, which migrates, seeds the base content and (asked for
// here, outside production) the demo data, serves the app and the API on this machine, and prints
// the URL.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ensureInstalled, root, run } from './lib.mjs';

/** Newest modification time of any file below `dir` (node_modules and dist excluded). */
function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

ensureInstalled();

/** Builds a front-end workspace when its build is missing or older than its sources. */
function buildWhenStale(ws, sources) {
  const builtIndex = join(root, ws, 'dist/index.html');
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  if (Math.max(...sources.map((s) => newestMtime(join(root, s)))) > builtAt) {
    console.log(`Building ${ws}…`);
    run('npm', ['run', 'build', '-w', ws, '--silent']);
  }
}

if (!process.env.PLAYER_DIST) buildWhenStale('apps/player', ['apps/player', 'packages/contract']);
// The Originals' game screens (served under /originals/); the engine is part of their sources.
buildWhenStale('apps/originals', ['apps/originals']);

// A developer's start gets the demo player and the sandbox channels; production refuses them.
const env = { ...process.env };
if (env.NODE_ENV !== 'production') env.SEED_DEMO ??= 'true';
const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
