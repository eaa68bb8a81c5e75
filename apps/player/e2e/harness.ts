/**
 * Browser-journey harness: starts the real server (fresh temp DATA_DIR, free port) serving the
 * built player app, and drives Debian's Chromium through playwright-core at a phone viewport.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const execFileAsync = promisify(execFile);
const withoutOperatorToken = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => Object.fromEntries(Object.entries(env).filter(([k]) => k !== 'OPERATOR_TOKEN'));

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/** The journeys' server lets a phone get a new code after this many seconds (60 by default). */
export const SMS_RESEND_SECONDS = 3;

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
const screenshotDir = join(repoRoot, 'screenshots');

if (!hasChromium) {
  if (process.env.PLAYHALL_REQUIRE_BROWSER === '1') {
    throw new Error(`Chromium not found at ${CHROMIUM} and PLAYHALL_REQUIRE_BROWSER=1`);
  }
  console.warn('⚠ Chromium not found: browser journeys SKIPPED');
}

/** A phone as the design targets it (390×844, touch, mobile UA so `platform` is 0). */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 1,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  locale: 'en-US',
};

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

export interface Stack {
  baseUrl: string;
  browser: Browser;
  /** A fresh phone context (own storage and cookies). */
  newContext: (opts?: Parameters<Browser['newContext']>[0]) => Promise<BrowserContext>;
  close: () => Promise<void>;
  serverLog: () => string;
  /**
   * Runs the operator CLI (`npm run ops -- …`) against this server as staff would: the token comes
   * from the file the development server wrote in its DATA_DIR. Rejects with stderr on exit 1.
   */
  ops: (...args: string[]) => Promise<string>;
}

/** Creates and enables an activity through the operator CLI, as staff would (docs/rewards.md); answers its id. */
export async function startActivity(stack: Stack, body: Record<string, unknown>): Promise<number> {
  const file = join(mkdtempSync(join(tmpdir(), 'activity-')), 'activity.json');
  writeFileSync(file, JSON.stringify(body));
  const out = await stack.ops('activities', 'create', '--file', file);
  const id = /^#(\d+)/.exec(out)?.[1];
  if (!id) throw new Error(`activities create did not answer an id: ${out}`);
  await stack.ops('activities', 'enable', id);
  return Number(id);
}

async function waitForReady(baseUrl: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`Server exited (${server.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${baseUrl}/readyz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`Server not ready after 150 s:\n${log()}`);
}

/** Starts server + browser; call in beforeAll and close in afterAll. */
export async function startStack(): Promise<Stack> {
  if (!existsSync(join(repoRoot, 'apps/player/dist/index.html'))) {
    throw new Error('apps/player/dist is missing: run `npm run build -w apps/player` first (npm test does it).');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'playhall-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const server = spawn(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'], {
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

  const stopServer = async () => {
    if (server.exitCode === null) {
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
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  let browser: Browser;
  try {
    await waitForReady(baseUrl, server, () => output);
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
    });
  } catch (err) {
    await stopServer();
    throw err;
  }

  return {
    baseUrl,
    browser,
    newContext: (opts) => browser.newContext({ ...PHONE, baseURL: baseUrl, ...opts }),
    serverLog: () => output,
    ops: async (...args) => {
      const { stdout } = await execFileAsync(process.execPath, [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/scripts/ops.ts', ...args], {
        cwd: repoRoot,
        env: { ...withoutOperatorToken(process.env), DATA_DIR: dataDir, PLAYHALL_URL: baseUrl },
      }).catch((err: { stderr?: string; message: string }) => {
        throw new Error(`ops ${args.join(' ')} failed: ${err.stderr || err.message}`);
      });
      return stdout;
    },
    close: async () => {
      await browser.close().catch(() => undefined);
      await stopServer();
    },
  };
}

/** Saves a screenshot into <repo>/screenshots (git-ignored) for a person to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.waitForTimeout(250); // let sheets and toasts finish their 200 ms motion
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

export interface InboxMessage {
  mobile: string;
  text: string;
  code: string;
  createdAt: string;
}

/** The newest code the dev SMS provider delivered to this phone. */
export async function latestSmsCode(baseUrl: string, mobile: string, after?: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/dev/sms-inbox?mobile=${encodeURIComponent(mobile)}`);
    if (res.ok) {
      const list = (await res.json()) as InboxMessage[];
      const fresh = list.find((m) => !after || m.createdAt > after);
      if (fresh) return fresh.code;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No SMS code for ${mobile}`);
}

/** A unique phone number per run, so journeys never collide with earlier data. */
export function uniqueMobile(): string {
  return `55${String(Date.now()).slice(-9)}${Math.floor(Math.random() * 10)}`;
}

export function uniqueAccount(prefix = 'e2e'): string {
  return `${prefix}${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 100)}`;
}

/**
 * For a describe block: starts the server stack and one phone-sized page before its tests and
 * closes both after them. The returned object is filled in by its beforeAll.
 */
export function useStackPage(): { stack: Stack; context: BrowserContext; page: Page } {
  const fixture = {} as { stack: Stack; context: BrowserContext; page: Page };
  beforeAll(async () => {
    fixture.stack = await startStack();
    fixture.context = await fixture.stack.newContext();
    fixture.page = await fixture.context.newPage();
  });
  afterAll(async () => {
    await fixture.context?.close().catch(() => undefined);
    await fixture.stack?.close();
  });
  return fixture;
}

/** Registers a new account-and-password player through the register page; waits for the lobby. */
export async function registerPlayer(page: Page, prefix: string): Promise<string> {
  const account = uniqueAccount(prefix);
  await page.goto('/auth/register');
  await page.locator('input#account').fill(account);
  await page.locator('input#password').fill('secret-123');
  await page.locator('button[type="submit"]', { hasText: 'Create account' }).click();
  await page.getByTestId('balance-pill').waitFor({ timeout: 15_000 });
  return account;
}
