import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configVariables, loadConfig } from './config.ts';
import { createScratchPgDatabase, describeDb, TEST_DB } from './test/create-test-app.ts';
import { REPO_ROOT, spawnServer, waitReady } from './test/server-process.ts';

const example = readFileSync(join(REPO_ROOT, '.env.example'), 'utf8');
/** `# NAME=value` lines of .env.example: every setting, commented out at its default. */
const documented = new Map([...example.matchAll(/^# ([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]));

describe('.env.example and the README document every setting', () => {
  it('lists every variable loadConfig reads, with a default that loads', () => {
    expect(configVariables.filter((name) => !documented.has(name))).toEqual([]);
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(configVariables.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
    // Uncommented as they stand, the defaults give the same settings as no file at all.
    const asWritten = Object.fromEntries([...documented].filter(([name, value]) => value !== '' && name !== 'DATABASE_URL' && name !== 'REDIS_URL'));
    const { dataDir: _d, playerDist: _p, originalsDist: _o, hasPlayerDist: _h, ...fromFile } = loadConfig(asWritten);
    const { dataDir: _d2, playerDist: _p2, originalsDist: _o2, hasPlayerDist: _h2, ...fromNothing } = loadConfig({});
    expect(fromFile).toEqual(fromNothing);
  });

  it('compose.yaml sets only variables the server reads', () => {
    const compose = readFileSync(join(REPO_ROOT, 'compose.yaml'), 'utf8');
    const serverSection = compose.slice(compose.indexOf('x-app-env:'), compose.indexOf('\n  proxy:'));
    const names = [...serverSection.matchAll(/^ {2,6}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(5);
    expect(names.filter((name) => !configVariables.includes(name))).toEqual([]);
  });
});

// One project runs the real processes: they do not depend on the test database's kind.
(TEST_DB === 'pg' ? describeDb : describe.skip)('.env read at start (the real server process)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'playhall-env-'));
  const drops: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('stops start-up on a bad .env value, naming the variable and the file', async () => {
    const file = join(dir, 'bad.env');
    writeFileSync(file, '# a typo\nRATE_LIMIT_AUTH_PER_MIN=lots\n');
    const server = await spawnServer({ ENV_FILE: file });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('RATE_LIMIT_AUTH_PER_MIN');
    expect(server.output()).toContain(file);
    const missing = await spawnServer({ ENV_FILE: join(dir, 'nowhere.env') });
    expect(await missing.exited).toBe(1);
    expect(missing.output()).toContain('ENV_FILE');
  });

  it('starts with the settings of .env, the environment winning over the file', async () => {
    const scratch = await createScratchPgDatabase('playhall_env', (await import('vitest')).inject('pgTemplate') ?? undefined);
    drops.push(scratch.drop);
    const file = join(dir, 'good.env');
    const metricsToken = 'metrics-token-from-dot-env';
    writeFileSync(file, `PORT=0\nDATABASE_URL="${scratch.url}"\nSEED_DEMO=false\nMETRICS_TOKEN=${metricsToken}\nLOG_LEVEL=not-a-level\n`);
    // PORT, DATABASE_URL and METRICS_TOKEN come from the file alone; LOG_LEVEL's bad value there loses to the environment's.
    const server = await spawnServer({ ENV_FILE: file, LOG_LEVEL: 'warn', PORT: undefined, DATABASE_URL: undefined, METRICS_TOKEN: undefined });
    try {
      await waitReady(server);
      expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
      expect((await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});
