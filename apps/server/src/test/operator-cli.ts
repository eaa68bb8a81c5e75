import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { TEST_OPERATOR_TOKEN } from './test-config.ts';
import type { TestApp } from './create-test-app.ts';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../../../..');
const tsx = resolve(repoRoot, 'node_modules/.bin/tsx');
const cli = resolve(repoRoot, 'apps/server/src/scripts/ops.ts');

/** What one run of the CLI printed: stdout when it succeeded, stderr and the exit code when not. */
export type OpsResult = { ok: true; out: string } | { ok: false; out: string; exit: number };

/**
 * Puts a test app on a real port and returns the operator CLI (`npm run ops -- …`) run as a
 * separate process against it, as staff run it, with the given operator token.
 */
export async function operatorCli(t: TestApp): Promise<(args: string[], token?: string) => Promise<OpsResult>> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
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
