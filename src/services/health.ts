import type { Db } from '../store/db.ts';
import { isMigrationApplied, migrationFiles } from '../store/migrate.ts';

/** What a readiness check says of one dependency: nothing more than up or down. */
export type CheckState = 'up' | 'down';

/** A probe that has no answer within this is down (a load balancer waits for none longer). */
export const CHECK_TIMEOUT_MS = 2000;

/**
 * Resolves with `probe`'s answer, or `false` when it fails or has not answered within `timeoutMs`
 * (a database that is gone may not refuse at once: a pool can wait for a connection that never comes).
 */
export async function withinTimeout(probe: () => Promise<boolean>, timeoutMs = CHECK_TIMEOUT_MS): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
    timer.unref();
  });
  try {
    return await Promise.race([probe().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The database's part of readiness (docs/behaviour.md, section 25): it answers, and the newest
 * migration this code knows is applied. Probes that arrive while one is still waiting share it, so
 * a database that hangs does not collect a queue of probes.
 */
export class DatabaseReadiness {
  readonly #db: Db;
  readonly #latest: string | null;
  readonly #timeoutMs: number;
  #pending: Promise<{ database: CheckState; migrations: CheckState }> | null = null;

  private constructor(db: Db, latest: string | null, timeoutMs: number) {
    this.#db = db;
    this.#latest = latest;
    this.#timeoutMs = timeoutMs;
  }

  static async create(db: Db, timeoutMs = CHECK_TIMEOUT_MS): Promise<DatabaseReadiness> {
    const files = await migrationFiles();
    return new DatabaseReadiness(db, files.at(-1) ?? null, timeoutMs);
  }

  check(): Promise<{ database: CheckState; migrations: CheckState }> {
    this.#pending ??= this.#probe().finally(() => {
      this.#pending = null;
    });
    return this.#pending;
  }

  async #probe(): Promise<{ database: CheckState; migrations: CheckState }> {
    let answered = false;
    const applied = await withinTimeout(async () => {
      const found = await isMigrationApplied(this.#db, this.#latest);
      answered = true;
      return found;
    }, this.#timeoutMs);
    // A database that does not answer cannot show its migrations: both are down.
    return { database: answered ? 'up' : 'down', migrations: applied ? 'up' : 'down' };
  }
}
