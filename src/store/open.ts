import { mkdir } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { Db } from './db.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite-db.ts';
import { openPostgres } from './postgres-db.ts';

/** Where the database lives: the PGlite instance, or the PostgreSQL database's URL. */
export type DatabaseLocation = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; connectionString: string; poolSize?: number };

/**
 * PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR; migrated either way.
 * Also says where the database lives, for the durable queue, which keeps its jobs beside the data.
 */
export async function openDatabase(config: {
  databaseUrl: string | null;
  databasePoolSize?: number;
  dataDir: string;
}): Promise<{ db: Db; queue: DatabaseLocation }> {
  if (config.databaseUrl) {
    const max = config.databasePoolSize ?? 20;
    const db = openPostgres({ connectionString: config.databaseUrl, max });
    await migrate(db);
    // The queue's own pool: at most 10, never more than the process's pool.
    return { db, queue: { kind: 'postgres', connectionString: config.databaseUrl, poolSize: Math.min(10, max) } };
  }
  await mkdir(config.dataDir, { recursive: true });
  const unlock = await lockDataDir(config.dataDir);
  const pglite = await openPglite(config.dataDir);
  await migrate(pglite);
  const db: Db = {
    ...pglite,
    async close() {
      await pglite.close();
      await unlock();
    },
  };
  return { db, queue: { kind: 'pglite', pglite: pglite.pglite } };
}
