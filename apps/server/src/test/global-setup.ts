import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate, buildPgTemplate, isPgReachable } from './db-template.ts';

/**
 * Vitest global setup of the server projects: builds the project's template database once per
 * run, before any test file starts (create-test-app.ts copies it for every test app).
 */
export default async function setup(project: TestProject): Promise<void> {
  const started = Date.now();
  if (project.config.env.TEST_DB === 'pg') {
    project.provide('pgliteTemplate', null);
    if (!(await isPgReachable())) {
      // The tests skip (or fail loudly under PLAYHALL_REQUIRE_PG) by themselves.
      project.provide('pgTemplate', null);
      return;
    }
    project.provide('pgTemplate', await buildPgTemplate());
  } else {
    project.provide('pgliteTemplate', await buildPgliteTemplate());
    project.provide('pgTemplate', null);
  }
  console.log(`${project.name}: template database ready in ${Date.now() - started} ms`);
}
