#!/usr/bin/env node
// `npm test`, the CI gate: lint and typecheck first (a failure stops here, before the slow tiers),
// then builds the player app and the Originals' screens (the browser journeys serve them), runs
// every tier with Vitest and ends with one plain summary line: "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, root, run } from './lib.mjs';

/** Runs one gate step; on failure says which and how to rerun it, then exits with its status. */
function gate(name, rerun, cmd, args) {
  const started = Date.now();
  console.log(`▶ ${name}`);
  const res = spawnSync(cmd, args, { stdio: 'inherit', cwd: root });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status !== 0) {
    console.error(`\n✖ ${name} failed after ${seconds} s: fix the errors above (\`${rerun}\` repeats this step); no tests were run.`);
    console.log(`\ntests: not run (${name} failed)`);
    process.exit(res.status ?? 1);
  }
  console.log(`✔ ${name} passed in ${seconds} s`);
}

ensureInstalled();
gate('lint', 'npm run lint', 'npx', ['eslint', '.']);
gate('typecheck', 'npm run typecheck', 'node', ['scripts/typecheck.mjs']);
run('npm', ['run', 'build', '-w', 'apps/player', '--silent']);
run('npm', ['run', 'build', '-w', 'apps/originals', '--silent']);

const outDir = mkdtempSync(join(tmpdir(), 'playhall-test-'));
const report = join(outDir, 'report.json');
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
const res = spawnSync('npx', args, { stdio: 'inherit', env: process.env });

let summary = 'tests: no report was written (vitest crashed before finishing)';
try {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = r.numPendingTests + r.numTodoTests;
  summary = `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`;
} catch {
  /* keep the crash summary */
}
rmSync(outDir, { recursive: true, force: true });
console.log(`\n${summary}`);
process.exit(res.status ?? 1);
