#!/usr/bin/env node
// `npm start`: installs what is missing, builds the player app, the Originals' screens and the
// server (compiled to JavaScript, decision 043) when their sources changed, then runs the built
// server with plain node, which migrates, seeds the base content and (asked for here, outside
// production) the demo data, serves the app and the API on this machine, and prints the URL.
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

/** Runs `build` when the file it makes is missing or older than any of its sources. */
function buildWhenStale(what, built, sources, build) {
  const builtAt = existsSync(join(root, built)) ? statSync(join(root, built)).mtimeMs : 0;
  if (Math.max(...sources.map((s) => newestMtime(join(root, s)))) > builtAt) {
    console.log(`Building ${what}…`);
    build();
  }
}
const buildWorkspace = (ws) => () => run('npm', ['run', 'build', '-w', ws, '--silent']);

if (!process.env.PLAYER_DIST) buildWhenStale('apps/player', 'apps/player/dist/index.html', ['apps/player', 'packages/contract'], buildWorkspace('apps/player'));
// The Originals' game screens (served under /originals/); the engine and the fairness package are part of their sources.
buildWhenStale('apps/originals', 'apps/originals/dist/index.html', ['apps/originals', 'packages/fairness', 'packages/contract'], buildWorkspace('apps/originals'));
// The server and what it bundles: the contract, the fairness package and the Originals' server.
buildWhenStale('the server', 'apps/server/dist/main.js', ['apps/server/src', 'packages/contract', 'packages/fairness', 'apps/originals/src'], () => run('node', ['scripts/build-server.mjs']));

// A developer's start gets the demo player and the sandbox channels; production refuses them.
const env = { ...process.env };
if (env.NODE_ENV !== 'production') env.SEED_DEMO ??= 'true';
const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
