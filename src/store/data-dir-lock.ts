import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Embedded PGlite is one process's database: a second process opening the same directory would
 * corrupt it. A lock file holding the owner's pid refuses that with a clear message; a lock left
 * by a process that no longer runs is taken over.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by process ${owner}. Embedded PGlite serves one process; stop it, or set DATABASE_URL to share PostgreSQL between processes.`,
          { cause: error },
        );
      }
      await rm(path, { force: true });
    }
  }
  throw new Error(`could not lock DATA_DIR ${dataDir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
