/**
 * The floors of a route: a process doing only what the route's answer needs (its one query on the
 * fastest driver, or a minimal Fastify app), measured just before and just after the route.
 */
import { onCleanup } from './cleanup.ts';
import { measureLoad } from './load.ts';
import { scenarios, settings } from './plan.ts';
import { failedMeasurement, type Measurement } from './report.ts';
import type { Floor, LoadScenario } from './scenarios.ts';
import { startChild } from './server-process.ts';
import { freshStore } from './stores.ts';

export type FloorScenario = LoadScenario & { floors: Floor[] };
export const floorScenarios = scenarios.filter((s): s is FloorScenario => s.kind !== 'custom' && (s.floors?.length ?? 0) > 0);
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
export async function bracketedByFloors(
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
export function frameworkFloorLines(rows: Measurement[]): string[] {
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
