/**
 * Starts the real server, compiled as `npm start` runs it, on a free port with its own DATA_DIR, as
 * the browser journeys and their global setup both need. No Vitest imports here: the global setup
 * runs outside the test workers.
 */
import { execFileSync, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The journeys' server lets a phone get a new code after this many seconds (60 by default). */
export const SMS_RESEND_SECONDS = 3;

/**
 * The journeys' own build of the server (scripts/build-server.mjs --outdir), made once per run by the
 * global setup. Apart from apps/server/dist, which the server tests rebuild while the journeys run,
 * but under apps/server, so it imports the server's own dependencies (apps/server/node_modules).
 * Plain node starts it on about 2 s less CPU than the sources through tsx (decision 062).
 */
const SERVER_BUILD = join(repoRoot, 'apps/server/dist-e2e');

/** Compiles the server from the current sources into SERVER_BUILD (esbuild, about a second). */
export function buildServer(): void {
  execFileSync(process.execPath, [join(repoRoot, 'scripts/build-server.mjs'), '--outdir', SERVER_BUILD], { cwd: repoRoot, stdio: 'pipe' });
}

export interface RunningServer {
  baseUrl: string;
  /** The last 20 kB the server printed. */
  log: () => string;
  /** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
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

/** Spawns the server on `dataDir` and resolves once /readyz answers (rejects with its output if it exits or takes 150 s). */
export async function startServer(dataDir: string): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, ['--enable-source-maps', join(SERVER_BUILD, 'main.js')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Many journeys from one address in a minute: keep the per-IP limits out of the way.
      SMS_RESEND_SECONDS: String(SMS_RESEND_SECONDS),
      RATE_LIMIT_AUTH_PER_MIN: '200',
      RATE_LIMIT_SMS_PER_MIN: '50',
      RATE_LIMIT_GLOBAL_PER_MIN: '5000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const log = () => output;
  const stop = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    server.kill('SIGTERM');
    await new Promise((r) => {
      const timer = setTimeout(() => {
        server.kill('SIGKILL');
        r(null);
      }, 10_000);
      server.once('exit', () => {
        clearTimeout(timer);
        r(null);
      });
    });
  };

  const deadline = Date.now() + 150_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`Server exited (${server.exitCode}):\n${log()}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Server not ready after 150 s:\n${log()}`);
    }
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return { baseUrl, log, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
}
