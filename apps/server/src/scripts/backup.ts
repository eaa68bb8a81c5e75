/**
 * Backups (docs/operations.md), with the server's own settings (.env, DATABASE_URL, DATA_DIR):
 *
 *   npm run backup                              PostgreSQL: pg_dump -Fc of DATABASE_URL to backups/playhall-<time>.dump
 *                                               PGlite: a copy of DATA_DIR to backups/playhall-data-<time>/ (server stopped)
 *   npm run backup -- --out <path>              the same to <path>
 *   npm run backup -- restore <file.dump> --into <postgres://…>
 *                                               pg_restore into an existing, empty database (never DATABASE_URL by default)
 *
 * A PostgreSQL dump is consistent while the server runs (one snapshot). The PGlite folder is copied
 * only with the server stopped: the copy takes the folder's lock, so a running server makes it
 * refuse, and a server starting meanwhile is refused until the copy is done. Exits 1 on a refusal
 * or failure.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, loadDotEnv, type Config } from '../config.ts';
import { DataDirLockedError, lockDataDir } from '../db/lock.ts';

class BackupError extends Error {}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-').replace(/-\d{3}Z$/, 'Z');

/** Runs a PostgreSQL client tool with its output shown; a failure names it. */
function tool(cmd: string, args: string[]): void {
  const res = spawnSync(cmd, args, { stdio: 'inherit' });
  if (res.error) throw new BackupError(`${cmd} could not run (${res.error.message}): install PostgreSQL's client tools (Debian: postgresql-client)`);
  if (res.status !== 0) throw new BackupError(`${cmd} failed (exit ${res.status})`);
}

/** pg_dump in its custom format (compressed, restorable table by table) of one database. */
export function dumpPg(url: string, out: string): string {
  mkdirSync(dirname(out), { recursive: true });
  tool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, `--dbname=${url}`]);
  return out;
}

/** pg_restore of a dump into an existing database, in one transaction: all of it or nothing. */
export function restorePg(file: string, url: string): void {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  tool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, file]);
}

/** A copy of the PGlite folder, holding its lock meanwhile (refused while a server has it open). */
export function copyDataDir(dataDir: string, out: string): string {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new BackupError(`${dataDir} holds no PGlite database`);
  if (existsSync(out)) throw new BackupError(`${out} already exists`);
  let lock;
  try {
    lock = lockDataDir(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new BackupError(`${err.message}: stop the server first (its folder is copied only while nothing writes to it)`);
    throw err;
  }
  try {
    cpSync(dataDir, out, { recursive: true, filter: (src) => src !== lock.path });
  } finally {
    lock.release();
  }
  return out;
}

export function runBackup(argv: string[], config: Config): string {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { out: { type: 'string' }, into: { type: 'string' } } });
  const root = resolve(config.dataDir, '..');
  if (positionals[0] === 'restore') {
    const file = positionals[1];
    if (!file || !values.into) throw new BackupError('usage: npm run backup -- restore <file.dump> --into <postgres://… of an existing, empty database>');
    restorePg(resolve(file), values.into);
    return `Restored ${file} into ${new URL(values.into).pathname.slice(1)}; check it with DATABASE_URL=<that url> npm run ledger:check`;
  }
  if (positionals.length > 0) throw new BackupError(`unknown command ${positionals[0]}: npm run backup [-- --out <path>] | npm run backup -- restore <file> --into <url>`);
  if (config.databaseUrl) {
    const out = resolve(values.out ?? join(root, 'backups', `playhall-${stamp()}.dump`));
    return `PostgreSQL dump written: ${dumpPg(config.databaseUrl, out)}`;
  }
  const out = resolve(values.out ?? join(root, 'backups', `playhall-data-${stamp()}`));
  return `PGlite folder copied: ${copyDataDir(config.dataDir, out)} (restore: stop the server, then set DATA_DIR to it or copy it back)`;
}

// Run as a command (not when a test imports it).
if (process.argv[1] && /backup\.(ts|js)$/.test(process.argv[1])) {
  try {
    loadDotEnv();
    console.log(runBackup(process.argv.slice(2), loadConfig()));
  } catch (err) {
    console.error(err instanceof BackupError ? `backup: ${err.message}` : err);
    process.exitCode = 1;
  }
}
