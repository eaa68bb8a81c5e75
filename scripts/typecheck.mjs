#!/usr/bin/env node
// Type-checks every workspace (and the benchmarks), each with its own tsconfig (all strict, none
// emits), in one `tsc -b` over the root tsconfig.json. Build info is kept in .cache/tsc, so a
// project whose files did not change since the last check is not checked again.
import { run } from './lib.mjs';

run('npx', ['tsc', '-b', ...process.argv.slice(2)]);
