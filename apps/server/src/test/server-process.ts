import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The real server as a process (`node … main.ts`), for what app.inject cannot show: reading
// `.env`, signals and graceful shutdown, several instances on one database.

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const TSX_CLI = join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');
const MAIN = join(REPO_ROOT, 'apps/server/src/main.ts');

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr, the last 50 kB). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** Sends a signal and waits for the exit (SIGKILL after `graceMs`). */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null>;
}

/**
 * Spawns the server (TypeScript through tsx, as `npm run dev` does) with the given environment,
 * without waiting for it (`waitReady` waits for /readyz). It listens on `port` (a free one unless
 * given), passed as PORT unless `portFromFile` (then a `.env` file must say it). A variable given
 * as undefined is removed from the inherited environment.
 */
export async function spawnServer(env: Record<string, string | undefined>, opts: { port?: number; portFromFile?: boolean } = {}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const merged: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env };
  if (!opts.portFromFile) merged.PORT = String(port);
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  const child = spawn(process.execPath, [TSX_CLI, MAIN], { cwd: REPO_ROOT, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-50_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    output: () => out,
    exited,
    async stop(signal = 'SIGTERM', graceMs = 20_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        try {
          return await exited;
        } finally {
          clearTimeout(timer);
        }
      }
      return exited;
    },
  };
}

/** Waits until /readyz answers 200; throws with the process's output if it exits or takes too long. */
export async function waitReady(server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server exited (${server.child.exitCode}):\n${server.output()}`);
    if (Date.now() > deadline) {
      await server.stop('SIGKILL');
      throw new Error(`server not ready after ${timeoutMs} ms:\n${server.output()}`);
    }
    try {
      if ((await fetch(`${server.baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Spawns the server and waits for it to be ready. */
export async function startServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const server = await spawnServer(env);
  await waitReady(server);
  return server;
}
