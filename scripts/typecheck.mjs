#!/usr/bin/env node
// Type-checks every workspace (and the benchmarks) with its own tsconfig (all strict, none emits).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root, run } from './lib.mjs';

for (const ws of ['packages/contract', 'apps/server', 'apps/player', 'apps/originals', 'bench']) {
  if (existsSync(join(root, ws, 'tsconfig.json'))) {
    console.log(`typecheck ${ws}`);
    run('npx', ['tsc', '--noEmit', '-p', ws]);
  }
}

// The Originals' game screens need DOM and JSX, which the engine and its server must not see.
const originalsClient = 'apps/originals/tsconfig.client.json';
if (existsSync(join(root, originalsClient))) {
  console.log(`typecheck ${originalsClient}`);
  run('npx', ['tsc', '--noEmit', '-p', originalsClient]);
}
