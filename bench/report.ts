/** The results table, the target check beside it, and bench/last-run.json. */
import { writeFile } from 'node:fs/promises';
import type autocannon from 'autocannon';
import { summarize } from './concurrency.ts';

export type Backend = 'bare' | 'pglite' | 'postgres';

/** What a row's throughput counts. */
export type RateUnit = 'req/s' | 'deliveries/s' | 'MiB/s' | 'days/s';

export interface Targets {
  /** Lowest acceptable req/s as a fraction of the bare node:http ceiling (req/s rows only). */
  minRatio?: number;
  /**
   * Lowest acceptable req/s as a fraction of the route's floor: a bare node:http process running only
   * the route's one query (bench/floor-server.ts), on the same backend in the same run.
   */
  minFloorRatio?: number;
  /** The same, for the PGlite row (when it differs from PostgreSQL's). */
  minFloorRatioPglite?: number;
  /**
   * Lowest acceptable req/s as a fraction of the route's framework floor: a minimal Fastify app
   * doing the same fixed answer or the same one query (bench/floor-fastify-server.ts), on the same
   * backend in the same run. Held on both backends.
   */
  minAppRatio?: number;
  /** Lowest acceptable throughput, in the row's own unit (deliveries/s, MiB/s…). */
  minRate?: number;
  /** Highest acceptable p50 latency, in milliseconds. */
  maxP50Ms?: number;
  /** Highest acceptable p99 latency, in milliseconds, at the run's connection count. */
  maxP99Ms?: number;
  /** Highest acceptable growth of the server's resident memory during the run, in MiB. */
  maxRssGrowthMiB?: number;
}

/** The server process's resident memory around a run (from /proc/<pid>/status). */
export interface MemoryFigures {
  baselineMiB: number;
  peakMiB: number;
  growthMiB: number;
  samples: number;
  intervalMs: number;
  /** The kernel's own high-water mark over the run (VmHWM after a reset), when it could be reset. */
  kernelPeakMiB: number | null;
}

export interface Measurement {
  scenarioId: string;
  scenario: string;
  backend: Backend;
  /** The row's throughput, in `unit`. */
  rate: number;
  unit: RateUnit;
  /** HTTP requests per second of the measured run; null where the row counts something else. */
  reqPerSec: number | null;
  /**
   * Latency percentiles in ms at microsecond resolution: of 2xx responses for request rows (autocannon's
   * own are whole ms), of whatever `latencyBasis` says for the others.
   */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  /** What the latency figures measure, when it is not the response time of the requests. */
  latencyBasis?: string;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  durationS: number;
  targets: Targets;
  /** req/s of the route's floor on the same backend in the same run, for routes that have one. */
  floorRate?: number;
  /** req/s of the route's minimal Fastify app on the same backend in the same run (the framework floor). */
  appFloorRate?: number;
  /** CPU time of the serving process over the measured run, per request (µs), from /proc/<pid>/stat. */
  cpuUsPerRequest?: number;
  memory?: MemoryFigures;
  /** A short line of further figures for the table. */
  summary?: string;
  /** Scenario-specific figures, kept in the JSON. */
  details?: Record<string, unknown>;
  /** Scenario-specific reasons the figures are not valid (missing events, wrong decisions…). */
  issues: string[];
}

function statusCodesOf(result: autocannon.Result): Record<string, number> {
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat?.count ?? 0;
  return statusCodes;
}

/**
 * One autocannon run's figures. `latenciesMs` are the 2xx response times recorded beside autocannon
 * (same population as its histogram, which truncates to whole milliseconds); without them, autocannon's.
 * `byTotal` takes req/s as total ÷ elapsed (runs of a fixed number of requests, whose last second is partial).
 */
export function measurement(
  scenario: { id: string; name: string; targets: Targets },
  backend: Backend,
  result: autocannon.Result,
  latenciesMs?: number[],
  options: { byTotal?: boolean } = {},
): Measurement {
  let latency = { p50Ms: result.latency.p50, p99Ms: result.latency.p99, maxMs: result.latency.max, meanMs: result.latency.mean };
  if (latenciesMs && latenciesMs.length > 0) {
    const { p50Ms, p99Ms, maxMs, meanMs } = summarize(latenciesMs);
    latency = { p50Ms, p99Ms, maxMs, meanMs };
  }
  const reqPerSec = options.byTotal && result.duration > 0 ? result.requests.total / result.duration : result.requests.average;
  return {
    scenarioId: scenario.id,
    scenario: scenario.name,
    backend,
    rate: reqPerSec,
    unit: 'req/s',
    reqPerSec,
    ...latency,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: statusCodesOf(result),
    durationS: result.duration,
    targets: scenario.targets,
    issues: [],
  };
}

/** A row measured outside autocannon (deliveries, uploads); latencies in ms. */
export function customMeasurement(input: {
  scenarioId: string;
  scenario: string;
  backend: Backend;
  rate: number;
  unit: RateUnit;
  reqPerSec?: number | null;
  latenciesMs: number[];
  latencyBasis?: string;
  requests: number;
  non2xx?: number;
  errors?: number;
  statusCodes?: Record<string, number>;
  durationS: number;
  targets: Targets;
  memory?: MemoryFigures;
  summary?: string;
  details?: Record<string, unknown>;
  issues?: string[];
}): Measurement {
  const { p50Ms, p99Ms, maxMs, meanMs } = summarize(input.latenciesMs);
  return {
    scenarioId: input.scenarioId,
    scenario: input.scenario,
    backend: input.backend,
    rate: input.rate,
    unit: input.unit,
    reqPerSec: input.reqPerSec ?? null,
    p50Ms,
    p99Ms,
    maxMs,
    meanMs,
    ...(input.latencyBasis ? { latencyBasis: input.latencyBasis } : {}),
    requests: input.requests,
    non2xx: input.non2xx ?? 0,
    errors: input.errors ?? 0,
    timeouts: 0,
    statusCodes: input.statusCodes ?? {},
    durationS: input.durationS,
    targets: input.targets,
    ...(input.memory ? { memory: input.memory } : {}),
    ...(input.summary ? { summary: input.summary } : {}),
    ...(input.details ? { details: input.details } : {}),
    issues: input.issues ?? [],
  };
}

/** A row for a scenario that failed outright: no figures, only the reason. */
export function failedMeasurement(scenario: { id: string; name: string; targets: Targets }, backend: Backend, error: unknown): Measurement {
  const message = error instanceof Error ? error.message : String(error);
  return customMeasurement({
    scenarioId: scenario.id,
    scenario: scenario.name,
    backend,
    rate: Number.NaN,
    unit: 'req/s',
    latenciesMs: [],
    requests: 0,
    durationS: 0,
    targets: scenario.targets,
    issues: [`failed: ${message.split('\n')[0].slice(0, 300)}`],
  });
}

/** Results are only meaningful when every request succeeded and the scenario's own checks passed. */
export function problems(m: Measurement): string | null {
  const parts: string[] = [...m.issues];
  if (m.non2xx > 0) {
    const codes = Object.entries(m.statusCodes)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, count]) => `${count}×${code}`);
    parts.push(`${m.non2xx} non-2xx (${codes.join(', ')})`);
  }
  if (m.errors > 0) parts.push(`${m.errors} errors (${m.timeouts} timeouts)`);
  if (m.requests === 0 && m.issues.length === 0) parts.push('no requests completed');
  return parts.length > 0 ? parts.join('; ') : null;
}

/** The floor ratio a row is held to on its backend. */
function floorTarget(m: Measurement): number | undefined {
  return m.backend === 'pglite' ? (m.targets.minFloorRatioPglite ?? m.targets.minFloorRatio) : m.targets.minFloorRatio;
}

interface Check {
  target: number;
  met: boolean;
}

export interface TargetCheck {
  ratio?: Check;
  floorRatio?: Check;
  appRatio?: Check;
  rate?: Check;
  p50?: Check;
  p99?: Check;
  rssGrowth?: Check;
}

export function checkTargets(m: Measurement, ceiling: number): TargetCheck {
  const t = m.targets;
  const check: TargetCheck = {};
  // NaN figures (a failed run) compare false: the target counts as missed.
  if (t.minRatio !== undefined) check.ratio = { target: t.minRatio, met: m.unit === 'req/s' && m.rate / ceiling >= t.minRatio };
  const floor = floorTarget(m);
  if (floor !== undefined) check.floorRatio = { target: floor, met: m.floorRate !== undefined && m.rate / m.floorRate >= floor };
  if (t.minAppRatio !== undefined) check.appRatio = { target: t.minAppRatio, met: m.appFloorRate !== undefined && m.rate / m.appFloorRate >= t.minAppRatio };
  if (t.minRate !== undefined) check.rate = { target: t.minRate, met: m.rate >= t.minRate };
  if (t.maxP50Ms !== undefined) check.p50 = { target: t.maxP50Ms, met: m.p50Ms < t.maxP50Ms };
  if (t.maxP99Ms !== undefined) check.p99 = { target: t.maxP99Ms, met: m.p99Ms < t.maxP99Ms };
  if (t.maxRssGrowthMiB !== undefined) check.rssGrowth = { target: t.maxRssGrowthMiB, met: (m.memory?.growthMiB ?? Number.NaN) < t.maxRssGrowthMiB };
  return check;
}

export function missedTargets(m: Measurement, ceiling: number): boolean {
  return Object.values(checkTargets(m, ceiling)).some((c) => c && !c.met);
}

const fmtInt = (n: number) => (Number.isNaN(n) ? '-' : Math.round(n).toLocaleString('en-GB'));
const fmtMs = (n: number) => (Number.isNaN(n) ? '-' : Math.abs(n) < 10 ? n.toFixed(2) : n.toFixed(1));
const pct = (n: number) => (Number.isNaN(n) ? '-' : `${(n * 100).toFixed(1)}%`);

export function formatRate(rate: number, unit: RateUnit): string {
  if (Number.isNaN(rate)) return '-';
  return unit === 'MiB/s' ? `${rate.toFixed(1)} ${unit}` : `${fmtInt(rate)} ${unit}`;
}

/** The targets in words, e.g. "≥ 40% of bare, p99 < 100 ms". */
export function describeTargets(t: Targets, unit: RateUnit): string {
  const parts: string[] = [];
  if (t.minRatio !== undefined) parts.push(`≥ ${Math.round(t.minRatio * 100)}% of bare`);
  if (t.minFloorRatio !== undefined) {
    const pglite = t.minFloorRatioPglite !== undefined ? ` (PGlite ≥ ${Math.round(t.minFloorRatioPglite * 100)}%)` : '';
    parts.push(`≥ ${Math.round(t.minFloorRatio * 100)}% of its floor${pglite}`);
  }
  if (t.minAppRatio !== undefined) parts.push(`≥ ${Math.round(t.minAppRatio * 100)}% of its minimal Fastify app (both backends)`);
  if (t.minRate !== undefined) parts.push(`≥ ${t.minRate.toLocaleString('en-GB')} ${unit}`);
  if (t.maxP50Ms !== undefined) parts.push(`p50 < ${t.maxP50Ms} ms`);
  if (t.maxP99Ms !== undefined) parts.push(`p99 < ${t.maxP99Ms} ms`);
  if (t.maxRssGrowthMiB !== undefined) parts.push(`RSS growth < ${t.maxRssGrowthMiB} MiB`);
  return parts.join(', ');
}

function targetText(m: Measurement, ceiling: number): string {
  if (m.backend === 'bare') return 'ceiling';
  const check = checkTargets(m, ceiling);
  const state = (c: Check) => (c.met ? 'met' : 'MISSED');
  const parts: string[] = [];
  if (check.ratio) parts.push(`≥${Math.round(check.ratio.target * 100)}% ${state(check.ratio)}`);
  if (check.floorRatio) parts.push(`≥${Math.round(check.floorRatio.target * 100)}% of floor ${state(check.floorRatio)}`);
  if (check.appRatio) parts.push(`≥${Math.round(check.appRatio.target * 100)}% of app ${state(check.appRatio)}`);
  if (check.rate) parts.push(`≥${check.rate.target.toLocaleString('en-GB')} ${state(check.rate)}`);
  if (check.p50) parts.push(`p50<${check.p50.target}ms ${state(check.p50)}`);
  if (check.p99) parts.push(`p99<${check.p99.target}ms ${state(check.p99)}`);
  if (check.rssGrowth) parts.push(`RSS+<${check.rssGrowth.target}MiB ${state(check.rssGrowth)}`);
  const text = parts.join(', ');
  // The targets are stated for PostgreSQL (PGlite's check is shown for reference only), except the
  // framework-floor ratio, held on both.
  if (m.backend === 'postgres' || text === '') return text;
  const app = check.appRatio ? `≥${Math.round(check.appRatio.target * 100)}% of app ${state(check.appRatio)}` : '';
  const rest = parts.filter((p) => p !== app).join(', ');
  return [app, rest ? `(${rest})` : ''].filter(Boolean).join(' ');
}

export function formatTable(rows: Measurement[], ceiling: number): string {
  const header = ['scenario', 'backend', 'throughput', 'p50 ms', 'p99 ms', 'CPU µs/req', 'vs bare', 'vs floor', 'vs app', 'targets', 'notes', 'problems'];
  const body = rows.map((m) => [
    m.scenario,
    m.backend,
    formatRate(m.rate, m.unit),
    fmtMs(m.p50Ms),
    fmtMs(m.p99Ms),
    m.cpuUsPerRequest !== undefined ? fmtInt(m.cpuUsPerRequest) : '',
    m.unit === 'req/s' ? pct(m.rate / ceiling) : '',
    m.floorRate !== undefined ? pct(m.rate / m.floorRate) : '',
    m.appFloorRate !== undefined ? pct(m.rate / m.appFloorRate) : '',
    targetText(m, ceiling),
    m.summary ?? '',
    problems(m) ?? '',
  ]);
  const numeric = new Set([2, 3, 4, 5, 6, 7, 8]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

export async function writeJson(path: string, data: unknown): Promise<void> {
  // NaN (a failed run's figures) is written as null, JSON's nearest.
  await writeFile(path, `${JSON.stringify(data, (_key, value) => (typeof value === 'number' && !Number.isFinite(value) ? null : value), 2)}\n`);
}
