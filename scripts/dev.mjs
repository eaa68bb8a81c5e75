#!/usr/bin/env node
// `npm run dev`: the server under `tsx watch` (restarts on change) and the Vite dev server (hot
// module reload), which proxies /app, /dev, /sandbox, /originals and /provider to the server. Both
// listen on this machine only unless HOST is set (the server then wants real secrets: see
// README, Configuration). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { ensureInstalled, root } from './lib.mjs';

ensureInstalled();
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'development', SEED_DEMO: 'true', ...process.env } }),
  // Vite's proxy would otherwise open the server's development routes to the network.
  spawn('npx', ['vite', ...(process.env.HOST ? ['--host', process.env.HOST] : [])], { cwd: `${root}/apps/player`, stdio: 'inherit' }),
];
const stopAll = (signal) => children.forEach((c) => c.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const c of children) c.on('exit', (code) => { stopAll('SIGTERM'); process.exitCode = code ?? 0; });
