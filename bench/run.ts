/**
 * `npm run bench`: throughput and latency of the real server, as a child process on 127.0.0.1,
 * on PGlite (fresh temp DATA_DIR) and PostgreSQL (a fresh bench_<random> database), beside a bare
 * node:http server (also a child process) measured in the same run as the ceiling.
 *
 * Environment:
 *   BENCH_DURATION      seconds of each measured run (default 10)
 *   BENCH_WARMUP        seconds of warm-up before each measured run (default 2)
 *   BENCH_CONNECTIONS   concurrent connections (default 50)
 *   BENCH_DATABASE_URL  PostgreSQL server to create the fresh database on
 *                       (default postgres://postgres@127.0.0.1:5432/test; skipped if unreachable)
 *   BENCH_BACKENDS      comma list of pglite,postgres (default both)
 *   BENCH_SCENARIOS     comma list of scenario ids from bench/scenarios.ts (default all)
 *
 * Adding a scenario: append { id, name, targets, setup(api) } to SCENARIOS in bench/scenarios.ts;
 * setup prepares data through `api` (a partner with a sandbox token on a fresh server) and returns
 * autocannon options (method/path/body/headers, or `requests` with `setupRequest` for varying
 * bodies). It is then run on every backend, warmed up, measured, tabled and saved automatically.
 *
 * Results: printed as a table and written to bench/last-run.json (overwritten each run).
 * Exit code 1 when a run failed or any measured request was not 2xx (the figures would be wrong).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { connectApi } from './api-client.ts';
import { createBenchDatabase, DEFAULT_DATABASE_URL, displayUrl } from './postgres.ts';
import { checkTargets, formatTable, measurement, problems, writeJson, type Backend, type Measurement } from './report.ts';
import { SCENARIOS, type LoadOptions, type Scenario } from './scenarios.ts';
import { REPO_ROOT, startApiServer, startBareServer, stopAllChildren, type ChildServer } from './server-process.ts';

const LOG_LEVEL = 'warn';
const RESULTS_FILE = join(REPO_ROOT, 'bench', 'last-run.json');

function numberFromEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new Error(`${name} must be a number from ${min} to ${max} (got "${raw}")`);
  }
  return value;
}

function listFromEnv(name: string): string[] | null {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return null;
  return raw.split(',').map((s) => s.trim()).filter(Boolean);
}

const settings = {
  durationS: numberFromEnv('BENCH_DURATION', 10, 1, 600),
  warmupS: numberFromEnv('BENCH_WARMUP', 2, 0, 60),
  connections: numberFromEnv('BENCH_CONNECTIONS', 50, 1, 1000),
  logLevel: LOG_LEVEL,
};

const backendFilter = listFromEnv('BENCH_BACKENDS');
for (const name of backendFilter ?? []) {
  if (name !== 'pglite' && name !== 'postgres') throw new Error(`BENCH_BACKENDS: unknown backend "${name}" (pglite, postgres)`);
}
const scenarioFilter = listFromEnv('BENCH_SCENARIOS');
for (const id of scenarioFilter ?? []) {
  if (!SCENARIOS.some((s) => s.id === id)) {
    throw new Error(`BENCH_SCENARIOS: unknown scenario "${id}" (${SCENARIOS.map((s) => s.id).join(', ')})`);
  }
}
const scenarios = SCENARIOS.filter((s) => scenarioFilter === null || scenarioFilter.includes(s.id));
const backends = (['pglite', 'postgres'] as const).filter((b) => backendFilter === null || backendFilter.includes(b));

// ---- cleanup: every child and every temp resource goes, on success, failure or Ctrl-C ----

const cleanups: { label: string; run: () => Promise<void> }[] = [];
function onCleanup(label: string, run: () => Promise<void>): () => Promise<void> {
  const entry = { label, run };
  cleanups.push(entry);
  return async () => {
    const at = cleanups.indexOf(entry);
    if (at >= 0) cleanups.splice(at, 1);
    await run();
  };
}
async function cleanupAll(): Promise<void> {
  await stopAllChildren().catch(() => {});
  while (cleanups.length > 0) {
    const entry = cleanups.pop()!;
    try {
      await entry.run();
    } catch (error) {
      console.error(`cleanup "${entry.label}" failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping servers and cleaning up…`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

// The run stops by itself even if something hangs: a generous deadline from the planned work.
const plannedS = (1 + backends.length * scenarios.length) * (settings.warmupS + settings.durationS);
const watchdog = setTimeout(() => {
  console.error(`\nThe benchmark overran its deadline (${Math.round(plannedS * 2 + 180)} s); stopping.`);
  void cleanupAll().finally(() => process.exit(1));
}, (plannedS * 2 + 180) * 1000);
watchdog.unref();

// ---- load ----

interface Fired {
  result: autocannon.Result;
  /** Response times of 2xx answers, ms (float); autocannon's histogram keeps whole ms only. */
  latenciesMs: number[];
}

function fire(baseUrl: string, load: LoadOptions, headers: Record<string, string>, seconds: number): Promise<Fired> {
  const { path = '/', ...options } = load;
  return new Promise((resolve, reject) => {
    const latenciesMs: number[] = [];
    const instance = autocannon(
      {
        ...options,
        // autocannon keeps per-run state on request objects; give each run its own copies.
        requests: options.requests?.map((request) => ({ ...request })),
        headers: { ...headers, ...options.headers },
        url: `${baseUrl}${path}`,
        connections: settings.connections,
        duration: seconds,
      },
      (error, result) => (error ? reject(error) : resolve({ result, latenciesMs })),
    );
    // autocannon emits (client, statusCode, bytes, responseTimeMs); its typings omit the client.
    (instance as NodeJS.EventEmitter).on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
      if (statusCode >= 200 && statusCode < 300) latenciesMs.push(ms);
    });
  });
}

async function measure(
  server: ChildServer,
  scenario: Pick<Scenario, 'id' | 'name' | 'targets'>,
  backend: Backend,
  options: LoadOptions,
  headers: Record<string, string>,
): Promise<Measurement> {
  const label = `[${backend}] ${scenario.name}`;
  if (settings.warmupS > 0) {
    process.stdout.write(`${label}: warm-up ${settings.warmupS} s… `);
    const warm = await fire(server.url, options, headers, settings.warmupS);
    const issue = problems(measurement(scenario, backend, warm.result));
    process.stdout.write(issue ? `(warm-up: ${issue}) ` : '');
  } else {
    process.stdout.write(`${label}: `);
  }
  process.stdout.write(`measuring ${settings.durationS} s… `);
  const run = await fire(server.url, options, headers, settings.durationS);
  const m = measurement(scenario, backend, run.result, run.latenciesMs);
  const issue = problems(m);
  console.log(`${Math.round(m.reqPerSec).toLocaleString('en-GB')} req/s, p50 ${m.p50Ms.toFixed(2)} ms, p99 ${m.p99Ms.toFixed(2)} ms${issue ? `  !! ${issue}` : ''}`);
  return m;
}

// ---- main ----

interface Skipped {
  backend: Backend;
  reason: string;
}

async function main(): Promise<number> {
  const startedAt = new Date();
  const cpuList = cpus();
  console.log('Lending Partner API benchmark');
  console.log(
    `  node ${process.version}, ${cpuList.length} CPU(s) (${cpuList[0]?.model.trim() ?? 'unknown'}); ` +
      `load generator, servers and database share this machine`,
  );
  console.log(
    `  ${settings.connections} connections, ${settings.warmupS} s warm-up + ${settings.durationS} s measured per run; ` +
      `server LOG_LEVEL=${settings.logLevel} (request logging at info costs throughput), rate limits lifted`,
  );
  console.log(`  scenarios: ${scenarios.map((s) => s.id).join(', ')}; backends: ${backends.join(', ')}\n`);

  const rows: Measurement[] = [];
  const skipped: Skipped[] = [];
  const notes: string[] = [];

  // The ceiling: bare node:http, its own process, same machine, same run.
  const bare = await startBareServer();
  const stopBare = onCleanup('bare server', async () => void (await bare.stop()));
  const ceilingScenario = { id: 'bare', name: 'GET / (bare node:http, fixed JSON)', targets: {} };
  const ceilingRow = await measure(bare, ceilingScenario, 'bare', { method: 'GET', path: '/' }, { accept: 'application/json' });
  rows.push(ceilingRow);
  await stopBare();
  const ceiling = ceilingRow.reqPerSec;

  const adminToken = `bench-admin-${randomBytes(16).toString('hex')}`;
  for (const backend of backends) {
    let serverEnv: { databaseUrl?: string; dataDir?: string };
    let releaseStore: () => Promise<void>;
    if (backend === 'pglite') {
      const dataDir = await mkdtemp(join(tmpdir(), 'lending-bench-pglite-'));
      releaseStore = onCleanup(`remove ${dataDir}`, () => rm(dataDir, { recursive: true, force: true }));
      serverEnv = { dataDir };
    } else {
      const baseUrl = process.env.BENCH_DATABASE_URL || DEFAULT_DATABASE_URL;
      const created = await createBenchDatabase(baseUrl);
      if (!created.ok) {
        const reason = `PostgreSQL at ${displayUrl(baseUrl)} unreachable or unusable (${created.reason}); set BENCH_DATABASE_URL to a server where the user may CREATE DATABASE`;
        console.log(`[postgres] skipped: ${reason}`);
        skipped.push({ backend, reason });
        continue;
      }
      const database = created.database;
      releaseStore = onCleanup(`drop database ${database.name}`, () => database.drop());
      serverEnv = { databaseUrl: database.url };
      console.log(`[postgres] fresh database ${database.name} on ${displayUrl(baseUrl).replace(/\/[^/]*$/, '/')}`);
    }

    const server = await startApiServer({ ...serverEnv, adminToken, logLevel: settings.logLevel });
    const stopServer = onCleanup(`API server (${backend})`, async () => void (await server.stop()));
    const api = await connectApi(server.url, adminToken);
    for (const scenario of scenarios) {
      const options = await scenario.setup(api);
      rows.push(await measure(server, scenario, backend, options, api.partnerHeaders));
    }
    const stopped = await server.stop();
    await stopServer();
    if (stopped.code !== 0) {
      notes.push(`the ${backend} server did not shut down cleanly on SIGTERM (code ${stopped.code}, signal ${stopped.signal})`);
    }
    await releaseStore();
  }

  // ---- report ----
  const measured = rows.filter((r) => r.backend !== 'bare');
  console.log(`\nResults (ceiling: bare node:http ${Math.round(ceiling).toLocaleString('en-GB')} req/s; "vs bare" = req/s ÷ bare req/s)\n`);
  console.log(formatTable(rows, ceiling));
  console.log(
    '\nTargets (measured, not asserted; stated for PostgreSQL, PGlite checks in parentheses for reference):\n' +
      '  authenticated GETs ≥ 50% of the bare ceiling, POST /customers/ ≥ 25%, p99 < 20 ms at 50 connections.',
  );
  const pgRows = measured.filter((r) => r.backend === 'postgres');
  if (pgRows.length > 0) {
    const missed = pgRows.filter((r) => {
      const c = checkTargets(r, ceiling);
      return c.ratio?.met === false || c.p99?.met === false;
    });
    console.log(
      missed.length === 0
        ? '  PostgreSQL: all targets met.'
        : `  PostgreSQL: targets missed by ${missed.map((r) => r.scenario).join('; ')}.`,
    );
  }
  if (settings.connections !== 50) notes.push(`run at ${settings.connections} connections, not the 50 the targets assume`);
  for (const s of skipped) notes.push(`${s.backend} skipped: ${s.reason}`);
  const failed = rows.filter((r) => problems(r) !== null);
  if (failed.length > 0) notes.push(`some runs had failing requests, their figures are not valid: ${failed.map((r) => `${r.backend} ${r.scenario}`).join('; ')}`);
  for (const note of notes) console.log(`Note: ${note}`);

  await writeJson(RESULTS_FILE, {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    node: process.version,
    cpus: cpuList.length,
    cpuModel: cpuList[0]?.model.trim() ?? null,
    settings,
    ceilingReqPerSec: ceiling,
    results: rows.map((r) => ({
      ...r,
      ratioToBare: r.reqPerSec / ceiling,
      targetCheck: r.backend === 'bare' ? null : checkTargets(r, ceiling),
    })),
    skipped,
    notes,
  });
  console.log(`\nWrote ${RESULTS_FILE}`);
  return failed.length > 0 ? 1 : 0;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (error) {
  console.error(`\nBenchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 1;
} finally {
  await cleanupAll();
}
process.exit(exitCode);
