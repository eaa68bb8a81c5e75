import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { CliError, runOps } from '../scripts/ops-cli.ts';
import { TEST_OPERATOR_TOKEN } from './test-config.ts';
import type { TestApp } from './create-test-app.ts';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../../../..');
const tsx = resolve(repoRoot, 'node_modules/.bin/tsx');
const cli = resolve(repoRoot, 'apps/server/src/scripts/ops.ts');

/** What one run of the CLI printed: stdout when it succeeded, stderr and the exit code when not. */
export type OpsResult = { ok: true; out: string } | { ok: false; out: string; exit: number };
export type OperatorCli = (args: string[], token?: string) => Promise<OpsResult>;

/**
 * Puts a test app on a real port and returns the operator CLI (`npm run ops -- …`) run against it
 * over HTTP with the given operator token. By default the CLI's commands run in this process (the
 * same code `ops.ts` calls, about 3 s quicker per call than starting tsx); `{ spawn: true }` runs
 * the real entry point as a separate process, as staff run it, for what only a process shows
 * (its exit code and where its output goes).
 */
export async function operatorCli(t: TestApp, { spawn = false } = {}): Promise<OperatorCli> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  if (spawn) {
    return async (args, token = TEST_OPERATOR_TOKEN) => {
      try {
        const { stdout } = await run(tsx, [cli, ...args, '--url', url], { env: { ...process.env, OPERATOR_TOKEN: token }, cwd: repoRoot });
        return { ok: true, out: stdout };
      } catch (err) {
        const e = err as { stderr: string; code: number };
        return { ok: false, out: e.stderr, exit: e.code };
      }
    };
  }
  return async (args, token = TEST_OPERATOR_TOKEN) => {
    try {
      return { ok: true, out: `${await runOps([...args, '--url', url], { ...process.env, OPERATOR_TOKEN: token })}\n` };
    } catch (err) {
      if (!(err instanceof CliError)) throw err;
      return { ok: false, out: `${err.message}\n`, exit: 1 };
    }
  };
}
