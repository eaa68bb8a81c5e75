#!/usr/bin/env node
// `npm test`: builds the player app and the Originals' screens (the browser journeys serve
// them), then runs every tier with Vitest and ends with one plain summary line: "N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureInstalled, run } from './lib.mjs';

ensureInstalled();
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
