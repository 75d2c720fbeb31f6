/**
 * `npm run bench`: throughput and latency of the real server, as a child process on 127.0.0.1,
 * on PGlite (fresh temp DATA_DIR) and PostgreSQL (a fresh bench_<random> database), beside a bare
 * node:http server (also a child process) measured in the same run as the ceiling, and beside each
 * route that has them, its floors, each measured just before and just after the route (the route is
 * held to the mean of the two):
 *   - the database floor: a bare node:http process running only that route's one query on the
 *     fastest driver (bench/floor-server.ts, on a fresh store of the same backend);
 *   - the framework floor: a minimal Fastify app (Fastify alone, same version) answering the same
 *     fixed JSON or running the same one query (bench/floor-fastify-server.ts). "vs app" is the
 *     route's rate ÷ this one's; "CPU µs/req" the serving process's CPU time per request.
 *
 * Scenarios (BENCH_SCENARIOS picks by id or group; default all):
 *   auth-check, create-customer, latest-application   request rate of three API calls
 *   app-floor         GET /health/live: the whole app with no token (no authentication, rate limit or
 *                     request log) beside the minimal Fastify app; no target, it splits the gap
 *   offers-first      (group "offers") the first GET offers of fresh open applications: the decision
 *   offers-schedule   (group "offers") the JSON repayment schedule of a 24-repayment business loan
 *   webhooks          deliveries/s of an event burst, event → delivery latency at a steady rate
 *   webhooks-backlog  (group "webhooks") deliveries/s of one ROLE=worker process draining a backlog
 *                     made with no worker running (PostgreSQL only)
 *   uploads           5 MiB PDF upload MiB/s, and the server's RSS growth meanwhile
 *   tracing           the authentication check and GET latest with tracing off (the default server)
 *                     and on (a second server exporting to an OTLP sink in this process), alternating
 *                     off, on, off, on; PostgreSQL only unless BENCH_BACKENDS=pglite (about a minute)
 *
 * Environment:
 *   BENCH_DURATION      seconds of each measured run (default 10)
 *   BENCH_WARMUP        seconds of warm-up before each measured run (default 2; 0 skips warm-ups)
 *   BENCH_CONNECTIONS   concurrent connections (default 50)
 *   BENCH_DATABASE_URL  PostgreSQL server to create the fresh database on
 *                       (default postgres://postgres@127.0.0.1:5432/test; skipped if unreachable)
 *   BENCH_BACKENDS      comma list of pglite,postgres (default both)
 *   BENCH_SCENARIOS     comma list of scenario ids or groups from bench/scenarios.ts (default all);
 *                       arguments do the same: `npm run bench -- tracing`
 *   BENCH_OFFERS                    fresh applications decided in offers-first (default 3000)
 *   BENCH_OFFERS_SETUP_CONCURRENCY  customers+applications created at once beforehand (default 16)
 *   BENCH_WEBHOOK_EVENTS            events of the webhook burst, and of the backlog (default 5000)
 *   BENCH_WEBHOOK_RATE              events/s of the webhook latency run, for BENCH_DURATION s (default 200)
 *   BENCH_UPLOAD_CONCURRENCY        uploads in flight at once (default 4)
 *   BENCH_UPLOAD_MIB                size of each uploaded PDF (default 5)
 *   BENCH_UPLOAD_MAX_TOTAL_MIB      cap on the bytes uploaded in one measured run (default 1024)
 *   BENCH_TRACING_RUN_S             seconds of each of the tracing scenario's eight measured runs (default 4)
 *   BENCH_SERVER_NODE_OPTIONS       NODE_OPTIONS of the API server, e.g. "--cpu-prof --cpu-prof-dir=profiles"
 *   BENCH_SERVER_ENV                extra environment of the API server, "NAME=value,NAME=value" (for
 *                                   example OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318 to
 *                                   measure with tracing on against a run without)
 *
 * Adding a scenario: append to SCENARIOS in bench/scenarios.ts. A load scenario is
 * { id, name, targets, setup(api) }: setup prepares data through `api` (a partner with a sandbox
 * token) and returns autocannon options (method/path/body/headers, or `requests` with
 * `setupRequest` for varying bodies); it runs on the shared server of each backend, warmed up,
 * measured, tabled and saved automatically. A custom scenario ({ kind: 'custom', …, run(ctx) })
 * drives the server itself and answers its rows; with `ownServer` it gets a fresh store and server.
 *
 * Results: printed as a table and written to bench/last-run.json (overwritten each run).
 * Exit code 1 when a run failed, any measured request was not 2xx, or a scenario's own check failed
 * (events missing, a first offers call not deciding…): the figures would be wrong.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { connectApi } from './api-client.ts';
import { measureLoad, type BenchSettings } from './load.ts';
import { createBenchDatabase, DEFAULT_DATABASE_URL, displayUrl } from './postgres.ts';
import { checkTargets, describeTargets, failedMeasurement, formatTable, missedTargets, problems, writeJson, type Backend, type Measurement } from './report.ts';
import { pickScenarios, SCENARIO_SETTINGS, type Floor, type LoadScenario, type Scenario, type ScenarioContext } from './scenarios.ts';
import { REPO_ROOT, startApiServer, startBareServer, startChild, stopAllChildren } from './server-process.ts';

// `npm run bench -- scale`: the flat-cost benchmark of bench/scale.ts, on its own.
if (process.argv.slice(2).includes('scale')) process.exit(await (await import('./scale.ts')).runScaleBench());

const LOG_LEVEL = 'warn';
const RESULTS_FILE = join(REPO_ROOT, 'bench', 'last-run.json');
/** A generous allowance per server start (PGlite migrates a fresh data dir) and stop. */
const SERVER_START_STOP_S = 20;

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
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const settings: BenchSettings = {
  durationS: numberFromEnv('BENCH_DURATION', 10, 1, 600),
  warmupS: numberFromEnv('BENCH_WARMUP', 2, 0, 60),
  connections: numberFromEnv('BENCH_CONNECTIONS', 50, 1, 1000),
  logLevel: LOG_LEVEL,
};

const backendFilter = listFromEnv('BENCH_BACKENDS');
for (const name of backendFilter ?? []) {
  if (name !== 'pglite' && name !== 'postgres') throw new Error(`BENCH_BACKENDS: unknown backend "${name}" (pglite, postgres)`);
}
// Scenario ids or groups as arguments (`npm run bench -- tracing`) take the place of BENCH_SCENARIOS.
const scenarioArguments = process.argv
  .slice(2)
  .flatMap((a) => a.split(','))
  .map((a) => a.trim())
  .filter(Boolean);
const scenarios = pickScenarios(scenarioArguments.length > 0 ? scenarioArguments : listFromEnv('BENCH_SCENARIOS'));
const backends = (['pglite', 'postgres'] as const).filter((b) => backendFilter === null || backendFilter.includes(b));

/**
 * Servers per backend: the scenarios without a server of their own share one (in SCENARIOS order);
 * each `ownServer` scenario gets a fresh store and server with its extra environment.
 */
interface ServerGroup {
  scenarios: Scenario[];
  env: Record<string, string>;
}
const sharedScenarios = scenarios.filter((s) => s.kind !== 'custom' || !s.ownServer);
const serverGroups: ServerGroup[] = [
  ...(sharedScenarios.length > 0 ? [{ scenarios: sharedScenarios, env: {} }] : []),
  ...scenarios.flatMap((s) => (s.kind === 'custom' && s.ownServer ? [{ scenarios: [s], env: s.ownServer.env }] : [])),
];
// The bare ceiling matters to request-rate rows; scenarios with their own server measure other things.
const needsCeiling = sharedScenarios.length > 0;

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
const scenarioS = (s: Scenario) => (s.kind === 'custom' ? s.plannedS(settings) : settings.warmupS + settings.durationS);
const plannedS =
  (needsCeiling ? settings.warmupS + settings.durationS : 0) +
  backends.length * (serverGroups.length * SERVER_START_STOP_S + scenarios.reduce((sum, s) => sum + scenarioS(s), 0)) +
  2 *
    backends.length *
    scenarios.reduce((sum, s) => sum + (s.kind !== 'custom' ? (s.floors?.length ?? 0) : 0), 0) *
    (SERVER_START_STOP_S + settings.warmupS + settings.durationS);
const deadlineS = Math.round(plannedS * 2 + 180);
const watchdog = setTimeout(() => {
  console.error(`\nThe benchmark overran its deadline (${deadlineS} s); stopping.`);
  void cleanupAll().finally(() => process.exit(1));
}, deadlineS * 1000);
watchdog.unref();

// ---- stores: a fresh one per server ----

type Store =
  | { ok: true; env: { databaseUrl?: string; dataDir?: string }; databaseUrl: string | null; release: () => Promise<void>; description: string }
  | { ok: false; reason: string };

async function freshStore(backend: 'pglite' | 'postgres'): Promise<Store> {
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

// ---- floors: a process doing only what the route's answer needs, measured around the route ----

type FloorScenario = LoadScenario & { floors: Floor[] };
const floorScenarios = scenarios.filter((s): s is FloorScenario => s.kind !== 'custom' && (s.floors?.length ?? 0) > 0);
const FLOOR_SCRIPTS: Record<Floor['server'], string> = { 'node-http': 'bench/floor-server.ts', fastify: 'bench/floor-fastify-server.ts' };

async function measureFloor(scenario: FloorScenario, floor: Floor, backend: 'pglite' | 'postgres', when: string): Promise<Measurement | null> {
  // The fixed answer needs no database; the others get a fresh store of the backend.
  const store = floor.query === 'fixed' ? null : await freshStore(backend);
  if (store && !store.ok) return null;
  const row = { id: `floor-${floor.server}-${scenario.id}`, name: `floor: ${floor.name}, ${when}`, targets: {} };
  try {
    const env: Record<string, string> = { FLOOR_QUERY: floor.query };
    if (store?.env.databaseUrl) env.DATABASE_URL = store.env.databaseUrl;
    if (store?.env.dataDir) env.DATA_DIR = store.env.dataDir;
    const server = await startChild({ name: `${floor.server} floor (${floor.query})`, script: FLOOR_SCRIPTS[floor.server], env });
    const stopFloor = onCleanup('floor server', async () => void (await server.stop()));
    try {
      return await measureLoad({ url: server.url, headers: { accept: 'application/json' }, pid: server.pid }, row, backend, floor.load(), settings);
    } finally {
      await stopFloor();
    }
  } catch (error) {
    console.log(`[${backend}] ${row.name}: FAILED: ${error instanceof Error ? error.message : String(error)}`);
    return failedMeasurement(row, backend, error);
  } finally {
    await store?.release();
  }
}

/**
 * A route measured between two measurements of each of its floors, just before and just after it
 * (in mirrored order): the machine's speed drifts over a run, so the route is held to the mean of
 * the two.
 */
async function bracketedByFloors(
  scenario: FloorScenario,
  backend: 'pglite' | 'postgres',
  measureRoute: () => Promise<Measurement[]>,
  notes: string[],
): Promise<Measurement[]> {
  const before: (Measurement | null)[] = [];
  for (const floor of scenario.floors) before.push(await measureFloor(scenario, floor, backend, 'before'));
  const route = await measureRoute();
  const after: (Measurement | null)[] = [];
  for (const floor of [...scenario.floors].reverse()) after.unshift(await measureFloor(scenario, floor, backend, 'after'));
  scenario.floors.forEach((floor, i) => {
    const rates = [before[i], after[i]].map((m) => m?.rate ?? Number.NaN).filter((rate) => Number.isFinite(rate));
    if (rates.length === 0) return;
    const mean = rates.reduce((sum, rate) => sum + rate, 0) / rates.length;
    for (const row of route) {
      if (floor.server === 'fastify') row.appFloorRate = mean;
      else row.floorRate = mean;
    }
    const drift = rates.length === 2 ? Math.abs(rates[0] - rates[1]) / mean : 0;
    if (drift > 0.1) {
      notes.push(
        `the ${backend} ${floor.server} floor of ${scenario.id} moved by ${(drift * 100).toFixed(0)} % between just before and just after the route: its ratio is uncertain by about as much`,
      );
    }
  });
  const kept = (rows: (Measurement | null)[]) => rows.filter((m): m is Measurement => m !== null);
  return [...kept(before), ...route, ...kept(after)];
}

/** "route: 84.1 % of the minimal Fastify app (5,000 ÷ 5,945 req/s); CPU 120 ÷ 98 µs per request", per route and backend. */
function frameworkFloorLines(rows: Measurement[]): string[] {
  const lines: string[] = [];
  for (const row of rows) {
    if (row.appFloorRate === undefined || row.backend === 'bare') continue;
    const app = rows.filter((r) => r.scenarioId === `floor-fastify-${row.scenarioId}` && r.backend === row.backend && r.cpuUsPerRequest !== undefined);
    const appCpu = app.length > 0 ? app.reduce((sum, r) => sum + (r.cpuUsPerRequest as number), 0) / app.length : Number.NaN;
    const cpu =
      row.cpuUsPerRequest !== undefined && Number.isFinite(appCpu)
        ? `; server CPU ${Math.round(row.cpuUsPerRequest)} against ${Math.round(appCpu)} µs per request`
        : '';
    const fmt = (n: number) => Math.round(n).toLocaleString('en-GB');
    const target = row.targets.minAppRatio !== undefined ? ` (target ≥ ${Math.round(row.targets.minAppRatio * 100)} %)` : '';
    lines.push(
      `[${row.backend}] ${row.scenario}: ${((row.rate / row.appFloorRate) * 100).toFixed(1)} %${target} of the minimal app (${fmt(row.rate)} ÷ ${fmt(row.appFloorRate)} req/s)${cpu}`,
    );
  }
  return lines;
}

// ---- main ----

interface Skipped {
  backend: Backend;
  reason: string;
}

async function runScenario(scenario: Scenario, ctx: ScenarioContext): Promise<Measurement[]> {
  const started = performance.now();
  try {
    const rows =
      scenario.kind === 'custom'
        ? await scenario.run(ctx)
        : [
            await measureLoad(
              { url: ctx.server.url, headers: ctx.api.partnerHeaders, pid: ctx.server.pid },
              scenario,
              ctx.backend,
              await scenario.setup(ctx.api),
              settings,
            ),
          ];
    const tookS = Math.round((performance.now() - started) / 100) / 10;
    if (scenario.kind === 'custom') console.log(`  (${scenario.id} took ${tookS} s, setup included)`);
    for (const row of rows) row.details = { ...row.details, scenarioWallS: tookS };
    return rows;
  } catch (error) {
    console.log(`\n[${ctx.backend}] ${scenario.name}: FAILED: ${error instanceof Error ? error.message : String(error)}`);
    return [failedMeasurement(scenario, ctx.backend, error)];
  }
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
  console.log(`  scenarios: ${scenarios.map((s) => s.id).join(', ')}; backends: ${backends.join(', ')}; deadline ${deadlineS} s\n`);

  const rows: Measurement[] = [];
  const skipped: Skipped[] = [];
  const notes: string[] = [];

  // The ceiling: bare node:http, its own process, same machine, same run; measured first and again
  // last, because a shared machine's speed drifts over a run: the ratios use the mean of the two.
  const measureBare = async (when: string): Promise<Measurement> => {
    const bare = await startBareServer();
    const stopBare = onCleanup('bare server', async () => void (await bare.stop()));
    const ceilingScenario = { id: 'bare', name: `GET / (bare node:http, fixed JSON), ${when}`, targets: {} };
    const row = await measureLoad(
      { url: bare.url, headers: { accept: 'application/json' }, pid: bare.pid },
      ceilingScenario,
      'bare',
      { method: 'GET', path: '/' },
      settings,
    );
    await stopBare();
    return row;
  };
  let ceiling = Number.NaN;
  const bareRows: Measurement[] = [];
  if (needsCeiling) {
    bareRows.push(await measureBare('first'));
    rows.push(bareRows[0]);
  }

  const adminToken = `bench-admin-${randomBytes(16).toString('hex')}`;
  for (const backend of backends) {
    for (const group of serverGroups) {
      const groupScenarios = group.scenarios.filter((s) => {
        const why = s.kind === 'custom' ? s.skipOn?.[backend] : undefined;
        if (why) {
          console.log(`[${backend}] ${s.name}: skipped (${why})`);
          notes.push(`${backend} ${s.id} skipped: ${why}`);
        }
        return !why;
      });
      if (groupScenarios.length === 0) continue;
      const store = await freshStore(backend);
      if (!store.ok) {
        console.log(`[${backend}] skipped: ${store.reason}`);
        skipped.push({ backend, reason: store.reason });
        break;
      }
      const extra = Object.entries(group.env)
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
      console.log(`[${backend}] server on a ${store.description}${extra ? ` (${extra})` : ''} for ${groupScenarios.map((s) => s.id).join(', ')}`);
      let done = 0;
      try {
        const server = await startApiServer({ ...store.env, adminToken, logLevel: settings.logLevel, env: group.env });
        const stopServer = onCleanup(`API server (${backend})`, async () => void (await server.stop()));
        try {
          const api = await connectApi(server.url, adminToken);
          for (const scenario of groupScenarios) {
            const ctx: ScenarioContext = { api, server, backend, settings, databaseUrl: store.databaseUrl, scenario };
            const floor = floorScenarios.find((f) => f.id === scenario.id);
            if (floor) rows.push(...(await bracketedByFloors(floor, backend, () => runScenario(scenario, ctx), notes)));
            else rows.push(...(await runScenario(scenario, ctx)));
            done++;
          }
        } finally {
          const stopped = await server.stop();
          await stopServer();
          if (stopped.code !== 0) {
            notes.push(`the ${backend} server did not shut down cleanly on SIGTERM (code ${stopped.code}, signal ${stopped.signal})`);
            const tail = server.output().trim().split('\n').slice(-5).join('\n    ');
            if (tail) console.log(`  server output (last lines):\n    ${tail}`);
          }
        }
      } catch (error) {
        // The server did not start or the partner could not be made: the group's remaining scenarios fail.
        console.log(`[${backend}] FAILED: ${error instanceof Error ? error.message : String(error)}`);
        for (const scenario of groupScenarios.slice(done)) rows.push(failedMeasurement(scenario, backend, error));
      } finally {
        await store.release();
      }
    }
  }

  if (needsCeiling) {
    bareRows.push(await measureBare('last'));
    rows.push(bareRows[1]);
    const [first, last] = bareRows.map((row) => row.rate);
    ceiling = (first + last) / 2;
    const drift = Math.abs(first - last) / ceiling;
    if (drift > 0.1) {
      notes.push(
        `the bare ceiling moved by ${(drift * 100).toFixed(0)} % between the first and last measurement: the machine's speed changed during the run, so every ratio is uncertain by about as much`,
      );
    }
  }

  // ---- report ----
  const measured = rows.filter((r) => r.backend !== 'bare');
  console.log(
    needsCeiling
      ? `\nResults (ceiling: bare node:http ${Math.round(ceiling).toLocaleString('en-GB')} req/s, the mean of its first and last measurement; "vs bare" = req/s ÷ that)\n`
      : '\nResults (no request-rate scenario selected: the bare ceiling was not measured)\n',
  );
  console.log(formatTable(rows, ceiling));
  const framework = frameworkFloorLines(rows);
  if (framework.length > 0) {
    console.log('\nThe cost of our own per-request work: each route ÷ its minimal Fastify app, same backend, same run');
    for (const line of framework) console.log(`  ${line}`);
  }
  console.log('\nTargets (measured, not asserted; stated for PostgreSQL, PGlite checks in parentheses for reference):');
  const described = new Map<string, string>();
  for (const r of measured) {
    const text = describeTargets(r.targets, r.unit);
    if (text) described.set(r.scenario, text);
  }
  for (const [name, text] of described) console.log(`  ${name}: ${text}`);
  const pgRows = measured.filter((r) => r.backend === 'postgres');
  if (pgRows.length > 0) {
    const missed = pgRows.filter((r) => missedTargets(r, ceiling));
    console.log(missed.length === 0 ? '  PostgreSQL: all targets met.' : `  PostgreSQL: targets missed by ${missed.map((r) => r.scenario).join('; ')}.`);
  }
  const latencyBases = new Map<string, Map<string, Backend[]>>();
  for (const r of measured) {
    if (!r.latencyBasis) continue;
    const bases = latencyBases.get(r.scenario) ?? new Map<string, Backend[]>();
    bases.set(r.latencyBasis, [...(bases.get(r.latencyBasis) ?? []), r.backend]);
    latencyBases.set(r.scenario, bases);
  }
  if (latencyBases.size > 0) {
    console.log('The latency columns of rows that are not plain request rows measure:');
    for (const [name, bases] of latencyBases) {
      const text = [...bases].map(([basis, on]) => (bases.size > 1 ? `${basis} (${on.join(', ')})` : basis)).join('; ');
      console.log(`  ${name}: ${text}`);
    }
  }
  if (settings.connections !== 50) notes.push(`run at ${settings.connections} connections, not the 50 the targets assume`);
  for (const s of skipped) notes.push(`${s.backend} skipped: ${s.reason}`);
  const failed = rows.filter((r) => problems(r) !== null);
  if (failed.length > 0) notes.push(`some runs had failures, their figures are not valid: ${failed.map((r) => `${r.backend} ${r.scenario}`).join('; ')}`);
  for (const note of notes) console.log(`Note: ${note}`);

  await writeJson(RESULTS_FILE, {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    node: process.version,
    cpus: cpuList.length,
    cpuModel: cpuList[0]?.model.trim() ?? null,
    settings: { ...settings, ...SCENARIO_SETTINGS },
    scenarios: scenarios.map((s) => s.id),
    ceilingReqPerSec: needsCeiling ? ceiling : null,
    results: rows.map((r) => ({
      ...r,
      ratioToBare: r.unit === 'req/s' && needsCeiling ? r.rate / ceiling : null,
      targetCheck: r.backend === 'bare' ? null : checkTargets(r, ceiling),
    })),
    skipped,
    notes,
  });
  console.log(`\nWrote ${RESULTS_FILE} (${Math.round((Date.now() - startedAt.getTime()) / 1000)} s)`);
  return failed.length > 0 ? 1 : 0;
}

let exitCode: number;
try {
  exitCode = await main();
} catch (error) {
  console.error(`\nBenchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  exitCode = 1;
} finally {
  await cleanupAll();
}
process.exit(exitCode);
