import { mkdir } from 'node:fs/promises';
import type { Config } from '../config.ts';
import type { QueueBackend } from '../worker/queue.ts';
import type { Db } from './db.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite-db.ts';
import { openPostgres } from './postgres-db.ts';

/**
 * PostgreSQL when DATABASE_URL is set, else embedded PGlite in DATA_DIR; migrated either way.
 * Also says where the durable queue lives: beside the data, in the same database.
 */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<{ db: Db; queue: QueueBackend }> {
  if (config.databaseUrl) {
    const db = openPostgres({ connectionString: config.databaseUrl, max: 20 });
    await migrate(db);
    return { db, queue: { kind: 'postgres', connectionString: config.databaseUrl } };
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
