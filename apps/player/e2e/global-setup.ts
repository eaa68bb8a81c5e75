import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServer, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR the server has migrated and seeded (demo data and history) once for this run; null without Chromium. */
    e2eDataTemplate: string | null;
  }
}

/**
 * Vitest global setup of the browser journeys: builds the server from the current sources (about a
 * second), then one server start migrates and seeds a data directory (about 6 s: migrations, demo
 * data and the demo player's history made through the real calls), then stops. Every journey's
 * server starts on a copy of it (about 3 s), so the tier's time grows with its journeys, not its
 * files (issue 12 §7).
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    project.provide('e2eDataTemplate', null);
    return () => undefined;
  }
  const started = Date.now();
  buildServer();
  const dir = mkdtempSync(join(tmpdir(), 'playhall-e2e-template-'));
  const server = await startServer(dir);
  await server.stop();
  project.provide('e2eDataTemplate', dir);
  console.log(`e2e: seeded data directory ready in ${Date.now() - started} ms`);
  return () => rmSync(dir, { recursive: true, force: true });
}
