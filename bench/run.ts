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
 *   test-clock        seconds for a sandbox test clock to play a year for ten loans (BENCH_CLOCK_RUNS, default 3)
 *   tracing           the authentication check and GET latest with tracing off (the default server)
 *                     and on (a second server exporting to an OTLP sink in this process), alternating
 *                     off, on, off, on; PostgreSQL only unless BENCH_BACKENDS=pglite (about a minute)
 *   login-flood       the authentication check alone, then while 200 console logins are in flight
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
 * The run's parts: bench/plan.ts (what it measures, from the environment), bench/stores.ts (a fresh
 * store per server), bench/floors.ts, bench/summary.ts (the report), bench/cleanup.ts.
 *
 * Results: printed as a table and written to bench/last-run.json (overwritten each run).
 * Exit code 1 when a run failed, any measured request was not 2xx, or a scenario's own check failed
 * (events missing, a first offers call not deciding…): the figures would be wrong.
 */
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { connectApi } from './api-client.ts';
import { cleanupAll, onCleanup } from './cleanup.ts';
import { bracketedByFloors, floorScenarios } from './floors.ts';
import { measureLoad } from './load.ts';
import { backends, deadlineS, needsCeiling, scenarios, serverGroups, settings } from './plan.ts';
import { failedMeasurement, type Measurement } from './report.ts';
import type { Scenario, ScenarioContext } from './scenarios.ts';
import { startApiServer, startBareServer } from './server-process.ts';
import { freshStore } from './stores.ts';
import { reportResults, type Skipped } from './summary.ts';

// `npm run bench -- scale`: the flat-cost benchmark of bench/scale.ts, on its own.
if (process.argv.slice(2).includes('scale')) process.exit(await (await import('./scale.ts')).runScaleBench());

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: stopping servers and cleaning up…`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

// The run stops by itself even if something hangs (bench/plan.ts sets the deadline).
const watchdog = setTimeout(() => {
  console.error(`\nThe benchmark overran its deadline (${deadlineS} s); stopping.`);
  void cleanupAll().finally(() => process.exit(1));
}, deadlineS * 1000);
watchdog.unref();

// ---- main ----

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

  const failed = await reportResults({ startedAt, cpuList, rows, ceiling, skipped, notes });
  return failed > 0 ? 1 : 0;
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
