#!/usr/bin/env node
// `npm run dev`: the server under `tsx watch` (restarts on change) and the Vite dev server (hot
// module reload), which proxies /app and /dev to the server. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { ensureInstalled, root } from './lib.mjs';

ensureInstalled();
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'development', ...process.env } }),
  spawn('npx', ['vite', '--host'], { cwd: `${root}/apps/player`, stdio: 'inherit' }),
];
const stopAll = (signal) => children.forEach((c) => c.kill(signal));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
for (const c of children) c.on('exit', (code) => { stopAll('SIGTERM'); process.exitCode = code ?? 0; });
