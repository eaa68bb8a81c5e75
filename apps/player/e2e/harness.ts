/**
 * Browser-journey harness: starts the real server (on a copy of the run's seeded DATA_DIR, free
 * port) serving the built player app, and drives Debian's Chromium through playwright-core at a phone viewport.
 */
import { createHmac } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type FrameLocator, type Page } from 'playwright-core';
import { runOps } from '../../server/src/scripts/ops-cli.ts';
import { repoRoot, startServer } from './server.ts';
import './global-setup.ts'; // its ProvidedContext entry (e2eDataTemplate)

export { repoRoot, SMS_RESEND_SECONDS } from './server.ts';

const withoutOperatorToken = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => Object.fromEntries(Object.entries(env).filter(([k]) => k !== 'OPERATOR_TOKEN'));


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

/** A common small Android's window, the narrowest the design must hold (360×740). */
export const NARROW = { width: 360, height: 740 };

export interface Stack {
  baseUrl: string;
  browser: Browser;
  /** A fresh phone context (own storage and cookies). */
  newContext: (opts?: Parameters<Browser['newContext']>[0]) => Promise<BrowserContext>;
  close: () => Promise<void>;
  serverLog: () => string;
  /**
   * Runs an operator CLI command (`npm run ops -- …`) against this server as staff would: the token
   * comes from the file the development server wrote in its DATA_DIR. Answers what it prints;
   * rejects with its message on a refusal.
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

/** Starts server + browser; call in beforeAll and close in afterAll. */
export async function startStack(): Promise<Stack> {
  if (!existsSync(join(repoRoot, 'apps/player/dist/index.html'))) {
    throw new Error('apps/player/dist is missing: run `npm run build -w apps/player` first (npm test does it).');
  }
  // A copy of the data directory the global setup migrated and seeded once for this run.
  const template = inject('e2eDataTemplate');
  if (!template) throw new Error('No seeded e2e data directory: the e2e project runs e2e/global-setup.ts first (vitest.config.ts).');
  const dataDir = mkdtempSync(join(tmpdir(), 'playhall-e2e-'));
  cpSync(template, dataDir, { recursive: true });
  const stopServer = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const server = await startServer(dataDir).catch((err: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
    });
  } catch (err) {
    await stopServer();
    throw err;
  }
  const { baseUrl } = server;

  return {
    baseUrl,
    browser,
    newContext: (opts) => browser.newContext({ ...PHONE, baseURL: baseUrl, ...opts }),
    serverLog: server.log,
    // The CLI's own commands, run in this process (starting tsx for each call cost about 3 s).
    ops: (...args) =>
      runOps(args, { ...withoutOperatorToken(process.env), DATA_DIR: dataDir, PLAYHALL_URL: baseUrl }).catch((err: unknown) => {
        throw new Error(`ops ${args.join(' ')} failed: ${err instanceof Error ? err.message : String(err)}`);
      }),
    close: async () => {
      await browser.close().catch(() => undefined);
      await stopServer();
    },
  };
}

/** A player app call made by the page with its own session, as the app makes it. */
export async function appCall<T = unknown>(page: Page, path: string, body: Record<string, unknown>): Promise<{ code: number; msg: string; data: T }> {
  return page.evaluate(async ([p, b]) => {
    const res = await fetch(`/app/v1/${p}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('token')}` },
      body: JSON.stringify({ channel: 'WEB', appVersion: '1.1.2', platform: 0, ...b }),
    });
    return res.json();
  }, [path, body] as const) as Promise<{ code: number; msg: string; data: T }>;
}

/**
 * Where screenshots go, or null when none are wanted: CI (a clean clone nobody looks into) takes
 * none unless E2E_SCREENSHOTS=1; a run elsewhere takes them unless E2E_SCREENSHOTS=0.
 */
const screenshots = (process.env.E2E_SCREENSHOTS ?? (process.env.CI ? '0' : '1')) !== '0';

/**
 * Saves a screenshot into <repo>/screenshots (git-ignored) for a person to look at, after `settleMs`
 * for sheets and toasts to finish their motion (waited in CI too: the test goes on from there).
 */
export async function snap(page: Page, name: string, settleMs = 250): Promise<void> {
  await page.waitForTimeout(settleMs);
  if (!screenshots) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`) });
}

/** The same screen at 390×844 and at 360×740 (`<name>-390`, `<name>-360`), then back to 390×844. */
export async function snapNarrow(page: Page, name: string, settleMs = 250): Promise<void> {
  await snap(page, `${name}-390`, settleMs);
  if (!screenshots) return;
  await page.setViewportSize(NARROW);
  await snap(page, `${name}-360`, 150);
  await page.setViewportSize(PHONE.viewport);
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

/** Deposits `coins` through the top bar's Deposit and the sandbox pay page; waits until it is credited. */
export async function sandboxDeposit(page: Page, coins: number): Promise<void> {
  await page.getByTestId('topbar-deposit').click();
  await page.waitForURL(/\/wallets\?name=deposit$/);
  await page.locator('input#deposit-amount').fill(String(coins));
  await page.getByTestId('deposit-submit').click();
  await page.waitForURL(/\/sandbox\/pay\/DP/);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await page.getByText('Deposit credited').waitFor({ timeout: 20_000 });
}

/** A game's card in the lobby's type sections, by its name. */
export const lobbyCard = (page: Page, name: string) =>
  page.getByTestId('type-section').getByTestId('game-card').filter({ has: page.getByText(name, { exact: true }) });

/** The open game's iframe. */
export const gameFrame = (page: Page): FrameLocator => page.frameLocator('[data-testid="game-frame"]');

/** Opens an Original for real money from the lobby, as a player taps its card; answers its frame once it can play. */
export async function playOriginal(page: Page, name: string): Promise<FrameLocator> {
  await page.goto('/');
  await lobbyCard(page, name).getByRole('link').click();
  await page.waitForURL(/\/game\/start\?gameId=\d+$/);
  const frame = gameFrame(page);
  await frame.getByTestId('action').waitFor({ timeout: 20_000 });
  return frame;
}

/** The development signing secret of the `originals` platform (apps/server/src/config.ts). */
const ORIGINALS_SECRET = 'playhall-dev-originals-provider-secret';

/** One call of the seamless wallet protocol, signed as the Originals provider signs it. */
export async function provider<T = Record<string, unknown>>(stack: Stack, action: string, body: Record<string, unknown>): Promise<T> {
  const raw = JSON.stringify(body);
  const ts = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', ORIGINALS_SECRET).update(`${ts}.${raw}`).digest('hex');
  const res = await fetch(`${stack.baseUrl}/provider/v1/wallet/originals/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-provider-timestamp': ts, 'x-provider-signature': signature },
    body: raw,
  });
  const json = (await res.json()) as T & { status: string };
  if (json.status !== 'OK') throw new Error(`provider ${action} failed: ${JSON.stringify(json)}`);
  return json;
}
