import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

/** Is a process with this pid alive? EPERM means it exists but belongs to someone else. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DirLock {
  path: string;
  release(): void;
}

/**
 * Takes the embedded database folder for this process. PGlite lets two processes open one
 * folder and one then silently loses writes, so a second opener must be refused. The lock file
 * is created with O_EXCL and holds the pid; a lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): DirLock {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, 'playhall.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          try {
            if (readFileSync(path, 'utf8').trim() === String(process.pid)) unlinkSync(path);
          } catch {
            /* already gone */
          }
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The data folder ${dir} is already used by process ${owner}; stop it or set DATA_DIR/DATABASE_URL`,
        );
      }
      if (owner === process.pid) {
        throw new DataDirLockedError(`The data folder ${dir} is already open in this process (${owner})`);
      }
      // Stale lock from a process that died: remove it and try once more.
      unlinkSync(path);
    }
  }
  throw new DataDirLockedError(`Could not lock the data folder ${dir}`);
}
