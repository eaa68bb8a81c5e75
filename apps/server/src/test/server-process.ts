import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// The real server as a process, compiled as `npm start` runs it, for what app.inject cannot show:
// reading `.env`, signals and graceful shutdown, the build, several instances on one database.
// Plain node, not tsx: tsx relays a SIGTERM to its child only if the child confirms within 30 ms,
// and kills it otherwise (exit 143), which a loaded machine misses (decision 063).

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const BUILT_MAIN = join(REPO_ROOT, 'apps/server/dist/main.js');

let built = false;
/** Compiles the server once per test process (scripts/build-server.mjs, about 0.5 s), as production runs it. */
function buildServerOnce(): void {
  if (built) return;
  execFileSync(process.execPath, [join(REPO_ROOT, 'scripts/build-server.mjs')], { cwd: REPO_ROOT, stdio: 'pipe' });
  built = true;
}

/** A script of the server's build (`apps/server/dist/<name>.js`: ledger-check, ops, backup), built once here. */
export function builtScript(name: string): string {
  buildServerOnce();
  return join(REPO_ROOT, `apps/server/dist/${name}.js`);
}

export interface ServerProcess {
  /** Where it listens, as it printed once ready (it listens on a port the system picks); throws before. */
  readonly baseUrl: string;
  /** The same, or null while it has not said yet. */
  listeningAt(): string | null;
  child: ChildProcess;
  /** Everything the process printed so far (stdout and stderr, the last 50 kB). */
  output(): string;
  /** Resolves with the exit code (null when killed by a signal) once the process has ended. */
  exited: Promise<number | null>;
  /** Sends a signal and waits for the exit (SIGKILL after `graceMs`). */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<number | null>;
}

/**
 * Spawns the server (apps/server/dist, built once here) with the given environment, without waiting
 * for it (`waitReady` waits for /readyz). It listens on PORT=0 (a port the system picks; the URL it
 * prints says which) unless `env` says PORT. A variable given as undefined is removed from the
 * inherited environment.
 */
export async function spawnServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  // ENV_FILE=/dev/null: a developer's own .env never reaches a test's server, unless a test gives one.
  const merged: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ENV_FILE: '/dev/null', ...env };
  if (!('PORT' in env)) merged.PORT = '0';
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  buildServerOnce();
  const child = spawn(process.execPath, ['--enable-source-maps', BUILT_MAIN], { cwd: REPO_ROOT, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let baseUrl: string | null = null;
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString()).slice(-50_000);
    baseUrl ??= /Playhall is ready at (http:\/\/\S+)/.exec(out)?.[1] ?? null;
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return {
    listeningAt: () => baseUrl,
    get baseUrl() {
      if (!baseUrl) throw new Error(`the server has not said where it listens yet:\n${out}`);
      return baseUrl;
    },
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
    const url = server.listeningAt();
    if (url && (await fetch(`${url}/readyz`)).ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Spawns the server and waits for it to be ready. */
export async function startServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const server = await spawnServer(env);
  await waitReady(server);
  return server;
}
