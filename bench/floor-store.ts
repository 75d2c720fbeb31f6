/**
 * What both floors of a database route share (bench/floor-server.ts on bare `node:http`,
 * bench/floor-fastify-server.ts on a minimal Fastify app): a fresh store migrated and seeded with
 * the project's own code (one partner, one customer with an application), then the route's one
 * statement on the fastest driver here: postgres.js (prepared, pipelined) for PostgreSQL, PGlite
 * itself for the embedded database.
 *
 *   DATABASE_URL a fresh PostgreSQL database, or DATA_DIR a fresh PGlite directory
 */
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase } from '../src/store/open.ts';
import { insertApplication } from '../src/store/applications-store.ts';
import { insertCustomer } from '../src/store/customers-store.ts';
import { insertPartner } from '../src/store/partners-store.ts';
import { openPglite } from '../src/store/pglite-db.ts';
import type { Tenant } from '../src/domain/tenant.ts';

export type FloorQuery = 'latest' | 'create-customer';

const LATEST_SQL = `SELECT * FROM applications
  WHERE customer_id = $1 AND partner_id = $2 AND environment = $3
  ORDER BY created_at DESC, id DESC LIMIT 1`;
const INSERT_SQL = `INSERT INTO customers (id, partner_id, environment, external_customer_id, correlation_id, company, people, created_at, updated_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`;

export interface FloorStore {
  /** The SELECT of GET /customers/{id}/applications/latest/: the seeded application's row. */
  latest(): Promise<Record<string, unknown> | null>;
  /** The INSERT of POST /customers/ from a request body's `data`: the new customer's id. */
  createCustomer(data: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

export function floorQueryFromEnv(allowed: readonly string[]): string {
  const query = process.env.FLOOR_QUERY ?? '';
  if (!allowed.includes(query)) throw new Error(`FLOOR_QUERY must be one of ${allowed.join(', ')}`);
  return query;
}

/** Migrates and seeds the store named by DATABASE_URL or DATA_DIR, then opens the fastest driver on it. */
export async function openFloorStore(): Promise<FloorStore> {
  const databaseUrl = process.env.DATABASE_URL || null;
  const dataDir = process.env.DATA_DIR;
  if (!databaseUrl && !dataDir) throw new Error('set DATABASE_URL or DATA_DIR');

  const tenant: Tenant = { partnerId: randomUUID(), environment: 'sandbox' };
  const customerId = randomUUID();
  {
    const { db } = await openDatabase({ databaseUrl, dataDir: dataDir ?? '' });
    await insertPartner(db, tenant.partnerId, 'Floor partner');
    const company = { name: 'Floor Ltd', registration_number: '01234567' } as unknown as Parameters<typeof insertCustomer>[3]['company'];
    await insertCustomer(db, tenant, customerId, { externalCustomerId: null, correlationId: null, company, people: [] });
    await insertApplication(db, tenant, {
      id: randomUUID(),
      customerId,
      amountPence: 2_500_000,
      requests: [],
      introducerId: null,
      entityToContact: 'customer',
      isTopup: false,
      now: new Date(),
    });
    await db.close();
  }

  type Run = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
  let run: Run;
  let close: () => Promise<void>;
  if (databaseUrl) {
    // The same pool size as the API server's (src/store/open.ts).
    const sql = postgres(databaseUrl, { max: 20, prepare: true, onnotice: () => {} });
    run = async (text, params) => [...(await sql.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true }))];
    close = () => sql.end({ timeout: 5 });
  } else {
    const pglite = await openPglite(dataDir as string);
    run = async (text, params) => (await pglite.pglite.query<Record<string, unknown>>(text, params)).rows;
    close = () => pglite.close();
  }

  return {
    async latest() {
      const rows = await run(LATEST_SQL, [customerId, tenant.partnerId, tenant.environment]);
      return rows[0] ?? null;
    },
    async createCustomer(d) {
      const rows = await run(INSERT_SQL, [
        randomUUID(),
        tenant.partnerId,
        tenant.environment,
        d.external_customer_id ?? null,
        d.correlation_id ?? null,
        // Each driver serialises a jsonb parameter itself.
        d.company,
        d.people,
        new Date(),
      ]);
      return rows[0].id as string;
    },
    close,
  };
}
