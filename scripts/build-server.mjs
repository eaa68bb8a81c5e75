#!/usr/bin/env node
// `npm run build:server`: compiles the server to JavaScript in apps/server/dist with esbuild, so
// production runs plain `node apps/server/dist/main.js`, no TypeScript loader (decision 043).
// Our own code (the server, @playhall/contract, @playhall/fairness, @playhall/originals' server) is bundled; the npm
// packages stay imports, loaded from node_modules at run time. The SQL migrations and database
// function files are copied beside the bundle, where the built migrator looks for them. Entry
// points: the server, the migrator, ledger:check, the operator CLI and backups (shared code in chunks).
// `--outdir <dir>` builds elsewhere (the browser journeys' own copy, e2e/server.ts), three folders
// below the repository root like apps/server/dist: the bundle finds the root from there (config.ts).
import { cpSync, renameSync, rmSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { build } from 'esbuild';
import { root } from './lib.mjs';

const src = join(root, 'apps/server/src');
const outdirAt = process.argv.indexOf('--outdir');
const dist = outdirAt > 0 ? resolve(root, process.argv[outdirAt + 1] ?? '') : join(root, 'apps/server/dist');
if (relative(root, dist).split(sep).length !== 3 || relative(root, dist).startsWith('..')) {
  console.error(`✖ --outdir must be three folders below the repository root (as apps/server/dist is), not ${dist}`);
  process.exit(1);
}
// Built aside and swapped in, so a server starting meanwhile never reads half a build.
const out = `${dist}.${process.pid}.partial`;

/** npm packages stay external; our workspace packages (TypeScript sources) are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@playhall/') ? undefined : { path: args.path, external: true }));
  },
};

const started = Date.now();
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: {
    main: join(src, 'main.ts'),
    'migrate-cli': join(src, 'db/migrate-cli.ts'),
    'ledger-check': join(src, 'scripts/ledger-check.ts'),
    ops: join(src, 'scripts/ops.ts'),
    backup: join(src, 'scripts/backup.ts'),
  },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  // Chunks sit beside the entries: code that finds files from import.meta.url (config.ts: the
  // repository root, migrate.ts: the SQL files) then resolves them the same from any of them.
  chunkNames: 'chunk-[hash]',
  plugins: [externalPackages],
  logLevel: 'warning',
  legalComments: 'none',
});
cpSync(join(src, 'db/migrations'), join(out, 'migrations'), { recursive: true });
cpSync(join(src, 'db/functions'), join(out, 'functions'), { recursive: true });
rmSync(dist, { recursive: true, force: true });
renameSync(out, dist);
console.log(`Server built in ${Date.now() - started} ms: ${relative(root, join(dist, 'main.js'))}`);
