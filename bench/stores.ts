/** A fresh store per benchmark server: a temp PGlite data dir, or a new bench_<random> PostgreSQL database. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onCleanup } from './cleanup.ts';
import { createBenchDatabase, DEFAULT_DATABASE_URL, displayUrl } from './postgres.ts';

export type Store =
  | { ok: true; env: { databaseUrl?: string; dataDir?: string }; databaseUrl: string | null; release: () => Promise<void>; description: string }
  | { ok: false; reason: string };

export async function freshStore(backend: 'pglite' | 'postgres'): Promise<Store> {
  if (backend === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'lending-bench-pglite-'));
    const release = onCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
    return { ok: true, env: { dataDir }, databaseUrl: null, release, description: `fresh data dir ${dataDir}` };
  }
  const baseUrl = process.env.BENCH_DATABASE_URL || DEFAULT_DATABASE_URL;
  const created = await createBenchDatabase(baseUrl);
  if (!created.ok) {
    return {
      ok: false,
      reason: `PostgreSQL at ${displayUrl(baseUrl)} unreachable or unusable (${created.reason}); set BENCH_DATABASE_URL to a server where the user may CREATE DATABASE`,
    };
  }
  const database = created.database;
  const release = onCleanup(`drop database ${database.name}`, () => database.drop());
  return {
    ok: true,
    env: { databaseUrl: database.url },
    databaseUrl: database.url,
    release,
    description: `fresh database ${database.name} on ${displayUrl(baseUrl).replace(/\/[^/]*$/, '/')}`,
  };
}
