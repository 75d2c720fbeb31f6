/**
 * What one `npm run bench` measures, from its environment and arguments (bench/run.ts lists them):
 * the settings of each run, the scenarios, the backends, the servers they share, and the deadline.
 */
import type { BenchSettings } from './load.ts';
import { pickScenarios, type Scenario } from './scenarios.ts';

const LOG_LEVEL = 'warn';
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

export const settings: BenchSettings = {
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
// `scale` is not a scenario: bench/run.ts hands that run to bench/scale.ts before any scenario runs.
const scenarioArguments = process.argv
  .slice(2)
  .flatMap((a) => a.split(','))
  .map((a) => a.trim())
  .filter((a) => a !== '' && a !== 'scale');
export const scenarios = pickScenarios(scenarioArguments.length > 0 ? scenarioArguments : listFromEnv('BENCH_SCENARIOS'));
export const backends = (['pglite', 'postgres'] as const).filter((b) => backendFilter === null || backendFilter.includes(b));

/**
 * Servers per backend: the scenarios without a server of their own share one (in SCENARIOS order);
 * each `ownServer` scenario gets a fresh store and server with its extra environment.
 */
export interface ServerGroup {
  scenarios: Scenario[];
  env: Record<string, string>;
}
const sharedScenarios = scenarios.filter((s) => s.kind !== 'custom' || !s.ownServer);
export const serverGroups: ServerGroup[] = [
  ...(sharedScenarios.length > 0 ? [{ scenarios: sharedScenarios, env: {} }] : []),
  ...scenarios.flatMap((s) => (s.kind === 'custom' && s.ownServer ? [{ scenarios: [s], env: s.ownServer.env }] : [])),
];
// The bare ceiling matters to request-rate rows; scenarios with their own server measure other things.
export const needsCeiling = sharedScenarios.length > 0;

/** The run stops by itself even if something hangs: a generous deadline from the planned work, s. */
const scenarioS = (s: Scenario) => (s.kind === 'custom' ? s.plannedS(settings) : settings.warmupS + settings.durationS);
const plannedS =
  (needsCeiling ? settings.warmupS + settings.durationS : 0) +
  backends.length * (serverGroups.length * SERVER_START_STOP_S + scenarios.reduce((sum, s) => sum + scenarioS(s), 0)) +
  2 *
    backends.length *
    scenarios.reduce((sum, s) => sum + (s.kind !== 'custom' ? (s.floors?.length ?? 0) : 0), 0) *
    (SERVER_START_STOP_S + settings.warmupS + settings.durationS);
export const deadlineS = Math.round(plannedS * 2 + 180);
