#!/usr/bin/env node
// `npm test`, the CI gate: lint and typecheck first (a failure stops here, before the slow tiers),
// then builds the player app and the Originals' screens (the browser journeys serve them), runs
// every tier with Vitest and ends with one plain summary line: "tests: N passed, N failed, N skipped".
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ensureInstalled, root, run } from './lib.mjs';

/**
 * The gate: lint and the typecheck at once (tsc is one thread; lint takes the other core), before
 * the slow tiers. A failure says which step and how to rerun it, then exits with its status.
 */
async function gate(steps) {
  const results = await Promise.all(steps.map(({ name, cmd, args }) => {
    const started = Date.now();
    console.log(`▶ ${name}`);
    return new Promise((resolve) => {
      spawn(cmd, args, { stdio: 'inherit', cwd: root }).on('close', (code, signal) => resolve({ name, status: code ?? (signal ? 1 : 0), seconds: ((Date.now() - started) / 1000).toFixed(1) }));
    });
  }));
  const failed = results.filter((r) => r.status !== 0);
  for (const r of results) if (r.status === 0) console.log(`✔ ${r.name} passed in ${r.seconds} s`);
  for (const r of failed) console.error(`\n✖ ${r.name} failed after ${r.seconds} s: fix the errors above (\`${steps.find((s) => s.name === r.name).rerun}\` repeats this step); no tests were run.`);
  if (failed.length) {
    console.log(`\ntests: not run (${failed.map((r) => r.name).join(' and ')} failed)`);
    process.exit(failed[0].status);
  }
}

ensureInstalled();
await gate([
  { name: 'lint', rerun: 'npm run lint', cmd: 'npx', args: ['eslint', '.'] },
  { name: 'typecheck', rerun: 'npm run typecheck', cmd: 'node', args: ['scripts/typecheck.mjs'] },
]);
run('npm', ['run', 'build', '-w', 'apps/player', '--silent']);
run('npm', ['run', 'build', '-w', 'apps/originals', '--silent']);

/**
 * The tiers run as two Vitest processes at once when the whole suite runs: the browser journeys,
 * two files at a time (each drives its own server and Chromium and mostly waits on them: one file
 * alone kept the two cores half idle), beside every other tier (one worker: Vitest's default on two
 * cores). Given arguments (a project, files), one process runs just those, as before. Issue 12 §7,
 * decisions 034 and 063.
 */
const extra = process.argv.slice(2);
const parts = extra.length
  ? [{ name: 'tests', args: extra }]
  : [
      { name: 'e2e', args: ['--project=e2e', '--maxWorkers=2'] },
      { name: 'unit', args: ['--project=!e2e'] },
    ];

// PLAYHALL_TEST_REPORTS=<dir> keeps each Vitest process's JSON report there (every file's and test's
// time, for finding where the suite's time goes); otherwise they are read for the summary and removed.
const keepReports = process.env.PLAYHALL_TEST_REPORTS;
if (keepReports) mkdirSync(keepReports, { recursive: true });
const outDir = keepReports ?? mkdtempSync(join(tmpdir(), 'playhall-test-'));

/** Runs one Vitest process; its lines are prefixed with its name when two run at once. */
function vitest(part) {
  const report = join(outDir, `${part.name}.json`);
  const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...part.args];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', args, { cwd: root, env: process.env, stdio: parts.length > 1 ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (parts.length > 1) {
      for (const [from, to] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
        createInterface({ input: from }).on('line', (line) => to.write(`[${part.name}] ${line}\n`));
      }
    }
    child.on('close', (code, signal) => resolve({ ...part, report, status: code ?? (signal ? 1 : 0), seconds: (Date.now() - started) / 1000 }));
  });
}

const results = await Promise.all(parts.map(vitest));

const totals = { passed: 0, failed: 0, skipped: 0 };
const missing = [];
for (const r of results) {
  try {
    const j = JSON.parse(readFileSync(r.report, 'utf8'));
    totals.passed += j.numPassedTests;
    totals.failed += j.numFailedTests;
    totals.skipped += j.numPendingTests + j.numTodoTests;
  } catch {
    missing.push(r.name);
  }
  if (parts.length > 1) console.log(`${r.status === 0 ? '✔' : '✖'} ${r.name} tier${r.name === 'unit' ? 's' : ''} ${r.status === 0 ? 'passed' : 'failed'} in ${r.seconds.toFixed(1)} s`);
}
if (!keepReports) rmSync(outDir, { recursive: true, force: true });
const summary = missing.length
  ? `tests: no report was written by ${missing.join(' and ')} (vitest crashed before finishing)`
  : `tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
console.log(`\n${summary}`);
process.exit(results.find((r) => r.status !== 0)?.status ?? 0);
