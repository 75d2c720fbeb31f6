/**
 * `npm run bench -- scale`: flat cost, measured (docs/behaviour.md, section 27). On each backend,
 * two stores side by side (PGlite in fresh data directories, PostgreSQL in fresh databases), each
 * with an app in this process, a big partner and a small one beside it: in one the big partner
 * has its small size (where its lists first fill a page), in the other it has grown. Every read of
 * bench/scale-reads.ts is timed in both, round by round: its median and 95th percentile at each
 * size, and the ratio of the medians (the target: at most 1.5).
 *
 * The bulk rows (customers, applications, offers, loans and repayments, events, deliveries,
 * documents, audit rows, the request log) are generated in SQL (bench/scale-data.ts); partners,
 * tokens, the operator, the partner users and their sessions go through the services, and so do
 * the big partner's newest customers (BENCH_SCALE_THROUGH_SERVICES of them, each with its
 * application and offers: bench/scale-services.ts), made after the statistics were taken.
 *
 * Environment: BENCH_BACKENDS (pglite,postgres), BENCH_DATABASE_URL, BENCH_SCALE_CUSTOMERS (the big
 * partner's size, 20000), BENCH_SCALE_SMALL (its small size, 2000: where the last of its lists, the
 * loans in arrears, fills its first page of 50), BENCH_SCALE_THROUGH_SERVICES (400), BENCH_SCALE_RUNS (timed runs of
 * each read at each size, 30), BENCH_SCALE_WARMUP (untimed runs first, 3).
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { ADMIN_TOKEN_ACTOR } from '../src/services/audit.ts';
import type { ServiceContext } from '../src/services/context.ts';
import { createOperator } from '../src/services/operators.ts';
import { inviteUser } from '../src/services/partner-users.ts';
import { createPartner, createToken } from '../src/services/partners.ts';
import { hashToken } from '../src/services/tokens.ts';
import { startWebSession } from '../src/services/web-sessions.ts';
import type { Db } from '../src/store/db.ts';
import { migrate } from '../src/store/migrate.ts';
import { openPglite } from '../src/store/pglite-db.ts';
import { openPostgres } from '../src/store/postgres-db.ts';
import { createBenchDatabase, DEFAULT_DATABASE_URL, displayUrl } from './postgres.ts';
import { generatedIds, growTenant, settle, type TenantRows } from './scale-data.ts';
import { scaleReads, type Read, type ScaleSubjects, type ScaleTenant } from './scale-reads.ts';
import { growThroughServices } from './scale-services.ts';
import { REPO_ROOT } from './server-process.ts';

const TARGET_RATIO = 1.5;
const SMALL_PARTNER_CUSTOMERS = 12;

function whole(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be a whole number of at least ${min} (got "${raw}")`);
  return value;
}

const settings = {
  customers: whole('BENCH_SCALE_CUSTOMERS', 20_000, 100),
  small: whole('BENCH_SCALE_SMALL', 2_000, 50),
  throughServices: whole('BENCH_SCALE_THROUGH_SERVICES', 400, 1),
  runs: whole('BENCH_SCALE_RUNS', 30, 5),
  warmup: whole('BENCH_SCALE_WARMUP', 3, 0),
};

interface Timing {
  medianMs: number;
  p95Ms: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function timing(took: number[]): Timing {
  const sorted = [...took].sort((x, y) => x - y);
  return { medianMs: percentile(sorted, 50), p95Ms: percentile(sorted, 95) };
}

/**
 * Each read timed `runs` times at both sizes, in rounds: each round reads each read once at one size
 * and once at the other (which first alternates by round), after `warmup` untimed rounds. A shared
 * machine's pace drifts over minutes; read side by side, both sizes meet the same drift, and their
 * ratio compares the sizes rather than the moments.
 */
async function timePaired(small: Read[], large: Read[]): Promise<{ small: Timing; large: Timing }[]> {
  for (let round = 0; round < settings.warmup; round++) {
    for (const [i, read] of small.entries()) {
      await read.run();
      await large[i].run();
    }
  }
  const took = small.map(() => ({ small: [] as number[], large: [] as number[] }));
  const timed = async (read: Read, into: number[]) => {
    const started = performance.now();
    await read.run();
    into.push(performance.now() - started);
  };
  for (let round = 0; round < settings.runs; round++) {
    for (const [i, read] of small.entries()) {
      if (round % 2 === 0) {
        await timed(read, took[i].small);
        await timed(large[i], took[i].large);
      } else {
        await timed(large[i], took[i].large);
        await timed(read, took[i].small);
      }
    }
  }
  return took.map((t) => ({ small: timing(t.small), large: timing(t.large) }));
}

/** The partners, tokens, operator and users, through the services; sessions as a sign-in leaves them. */
async function subjects(app: ScaleSubjects['app'], db: Db, adminToken: string, bigSize: number): Promise<{ subjects: ScaleSubjects; rows: TenantRows[] }> {
  const ctx: ServiceContext = app.ctx;
  const now = new Date();
  const tenants: ScaleTenant[] = [];
  const rows: TenantRows[] = [];
  for (const name of ['big', 'small'] as const) {
    const { partnerId } = await createPartner(ctx, `${name[0].toUpperCase()}${name.slice(1)} Partner`);
    const { token } = await createToken(ctx, partnerId, 'sandbox');
    const { userId } = await inviteUser(ctx, ADMIN_TOKEN_ACTOR, partnerId, { email: `owner@${name}.bench.example`, name: 'Owner', role: 'owner' });
    const session = await startWebSession(db, 'dashboard', { partnerUserId: userId, partnerId, environment: 'sandbox', pendingStep: null }, now);
    const size = name === 'big' ? bigSize : SMALL_PARTNER_CUSTOMERS;
    rows.push({ partnerId, environment: 'sandbox', tag: name, from: 0, to: 0, requestsPerCustomer: 10, spanDays: 14, spanCustomers: size, now });
    const [withLoan, withDocuments] = [await generatedIds(db, name, 0), await generatedIds(db, name, 1)];
    tenants.push({
      name,
      partnerId,
      token,
      dashboardCookie: session.token,
      customerWithLoan: withLoan.customer,
      customerWithDocuments: withDocuments.customer,
      // The big partner's: the newest customer made through the services, once made (prepare).
      polled: { customerId: withDocuments.customer, applicationId: withDocuments.application },
    });
  }
  const { operator } = await createOperator(ctx, ADMIN_TOKEN_ACTOR, { email: 'operator@bench.example', name: 'Bench Operator', role: 'admin' });
  const console = await startWebSession(db, 'console', { operatorId: operator.id }, now);
  const loanId = (await generatedIds(db, 'big', 0)).loan;
  return { subjects: { app, adminToken, consoleCookie: console.token, tenants, loanId }, rows };
}

interface BackendResult {
  backend: 'pglite' | 'postgres';
  generation: string[];
  rows: { read: string; small: Timing; large: Timing; ratio: number }[];
}

interface Store {
  db: Db;
  close(): Promise<void>;
}

/** A fresh store of the backend: PGlite in a temporary data directory, or a new PostgreSQL database. */
async function openStore(backend: 'pglite' | 'postgres'): Promise<Store | string> {
  if (backend === 'pglite') {
    const dir = await mkdtemp(join(tmpdir(), 'lending-bench-scale-'));
    const db = await openPglite(dir);
    return { db, close: async () => (await db.close(), await rm(dir, { recursive: true, force: true })) };
  }
  const baseUrl = process.env.BENCH_DATABASE_URL || DEFAULT_DATABASE_URL;
  const created = await createBenchDatabase(baseUrl);
  if (!created.ok) return `${displayUrl(baseUrl)} unusable (${created.reason})`;
  const db = openPostgres({ connectionString: created.database.url, max: 10 });
  return { db, close: async () => (await db.close(), await created.database.drop()) };
}

/** A store migrated, its app, its partners (the big one with `bigSize` customers) and its reads. */
async function prepare(db: Db, bigSize: number): Promise<{ app: ScaleSubjects['app']; reads: Read[]; generation: string }> {
  await migrate(db);
  const adminToken = `bench-admin-${randomBytes(12).toString('hex')}`;
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    ADMIN_TOKEN: adminToken,
    RATE_LIMIT_PER_MINUTE: '1000000',
    DASHBOARD_SECRET_KEY: 'bench-dashboard-secret-key-0123456789abcdef',
  });
  const app = await buildApp({ config, db, adminTokenHash: hashToken(adminToken) });
  await app.ready();
  const { subjects: s, rows } = await subjects(app, db, adminToken, bigSize);
  const started = performance.now();
  const inSql = bigSize - settings.throughServices;
  await growTenant(db, { ...rows[0], to: inSql });
  await growTenant(db, { ...rows[1], to: SMALL_PARTNER_CUSTOMERS });
  await settle(db);
  const sqlDone = performance.now();
  // The newest customers through the services, after the statistics: as a partner's API calls make them.
  const big = s.tenants[0];
  big.polled = await growThroughServices(app.ctx, { partnerId: big.partnerId, environment: 'sandbox' }, 'big', inSql, bigSize);
  const seconds = (from: number, to: number) => `${((to - from) / 1000).toFixed(1)} s`;
  const generation = `the big partner with ${bigSize} customers (${inSql} in SQL, ${seconds(started, sqlDone)}; the newest ${settings.throughServices} through the services, ${seconds(sqlDone, performance.now())}) and the small one with ${SMALL_PARTNER_CUSTOMERS}`;
  return { app, reads: scaleReads(s), generation };
}

/** Both sizes side by side, each in a store of its own, on one backend. */
async function runOn(backend: 'pglite' | 'postgres'): Promise<BackendResult | string> {
  const stores: Store[] = [];
  const apps: ScaleSubjects['app'][] = [];
  try {
    const prepared = [];
    for (const size of [settings.small, settings.customers]) {
      const store = await openStore(backend);
      if (typeof store === 'string') return store;
      stores.push(store);
      const one = await prepare(store.db, size);
      apps.push(one.app);
      prepared.push(one);
    }
    const [small, large] = prepared;
    const timings = await timePaired(small.reads, large.reads);
    return {
      backend,
      generation: [small.generation, large.generation],
      rows: small.reads.map((read, i) => ({
        read: `${read.surface}: ${read.name}`,
        ...timings[i],
        ratio: timings[i].large.medianMs / timings[i].small.medianMs,
      })),
    };
  } finally {
    for (const app of apps) await app.close();
    for (const store of stores) await store.close();
  }
}

function printTable(result: BackendResult): void {
  const ms = (t: Timing) => `${t.medianMs.toFixed(1)} (${t.p95Ms.toFixed(1)})`;
  const head = ['Read', `${settings.small} customers: median (p95) ms`, `${settings.customers}: median (p95) ms`, 'Ratio'];
  const lines = result.rows.map((r) => [r.read, ms(r.small), ms(r.large), `x${r.ratio.toFixed(2)}${r.ratio > TARGET_RATIO ? ' !' : ''}`]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  console.log(`\n[${result.backend}]`);
  for (const line of [head, ...lines]) console.log(line.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  '));
  const over = result.rows.filter((r) => r.ratio > TARGET_RATIO);
  console.log(over.length === 0 ? `  every read within x${TARGET_RATIO}` : `  ${over.length} of ${result.rows.length} reads above x${TARGET_RATIO} (marked !)`);
}

/** Runs the scale benchmark on the backends asked for; answers the exit code. */
export async function runScaleBench(): Promise<number> {
  const backends = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',').map((b) => b.trim()) as ('pglite' | 'postgres')[];
  console.log('Lending Partner API: flat cost at scale (npm run bench -- scale)');
  console.log(
    `  a big partner grown from ${settings.small} to ${settings.customers} customers (each an application and two offers; one in ten a loan, a quarter of those in arrears; 10 request-log rows each), a small partner of ${SMALL_PARTNER_CUSTOMERS}`,
  );
  console.log(
    '  bulk rows generated in SQL (bench/scale-data.ts), then VACUUM (ANALYZE); partners, tokens, the operator and the partner users through the services',
  );
  console.log(
    `  the big partner's newest ${settings.throughServices} customers made through the services after that (createCustomer, createApplication, getOffers: bench/scale-services.ts), newer than the statistics`,
  );
  console.log('  searches for a rare name ("hartley", 1 customer in 5,000) and a common word ("kestrel", about 1 in 20)');
  console.log('  the two sizes in two stores side by side, each an app in this process read through app.inject');
  console.log(`  every read: ${settings.warmup} untimed rounds, then ${settings.runs} timed rounds, each reading it once at each size\n`);
  const results: BackendResult[] = [];
  for (const backend of backends) {
    if (backend !== 'pglite' && backend !== 'postgres') throw new Error(`BENCH_BACKENDS: unknown backend "${backend}" (pglite, postgres)`);
    const result = await runOn(backend);
    if (typeof result === 'string') console.log(`[${backend}] skipped: ${result}`);
    else {
      for (const line of result.generation) console.log(`  [${backend}] generated ${line}`);
      results.push(result);
    }
  }
  for (const result of results) printTable(result);
  const file = join(REPO_ROOT, 'bench', 'scale-last-run.json');
  await writeFile(file, `${JSON.stringify({ finishedAt: new Date().toISOString(), settings, results }, null, 2)}\n`);
  console.log(`\nWrote ${file}`);
  return 0;
}
