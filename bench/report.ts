/** The results table, the target check beside it, and bench/last-run.json. */
import { writeFile } from 'node:fs/promises';
import type autocannon from 'autocannon';
import type { Targets } from './scenarios.ts';

export type Backend = 'bare' | 'pglite' | 'postgres';

export interface Measurement {
  scenarioId: string;
  scenario: string;
  backend: Backend;
  reqPerSec: number;
  /** Latency percentiles of 2xx responses, in ms at microsecond resolution (autocannon's own are whole ms). */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  durationS: number;
  targets: Targets;
}

/** The q-quantile (nearest rank) of ascending samples. */
function quantile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/**
 * One run's figures. `latenciesMs` are the 2xx response times recorded beside autocannon (same
 * population as its histogram, which truncates to whole milliseconds); without them, autocannon's.
 */
export function measurement(
  scenario: { id: string; name: string; targets: Targets },
  backend: Backend,
  result: autocannon.Result,
  latenciesMs?: number[],
): Measurement {
  let latency = { p50Ms: result.latency.p50, p99Ms: result.latency.p99, maxMs: result.latency.max, meanMs: result.latency.mean };
  if (latenciesMs && latenciesMs.length > 0) {
    const sorted = Float64Array.from(latenciesMs).sort();
    let sum = 0;
    for (const value of sorted) sum += value;
    latency = {
      p50Ms: round3(quantile(sorted, 0.5)),
      p99Ms: round3(quantile(sorted, 0.99)),
      maxMs: round3(sorted[sorted.length - 1]),
      meanMs: round3(sum / sorted.length),
    };
  }
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = stat?.count ?? 0;
  return {
    scenarioId: scenario.id,
    scenario: scenario.name,
    backend,
    reqPerSec: result.requests.average,
    ...latency,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    durationS: result.duration,
    targets: scenario.targets,
  };
}

/** Results are only meaningful when every request succeeded. */
export function problems(m: Measurement): string | null {
  const parts: string[] = [];
  if (m.non2xx > 0) {
    const codes = Object.entries(m.statusCodes)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, count]) => `${count}×${code}`);
    parts.push(`${m.non2xx} non-2xx (${codes.join(', ')})`);
  }
  if (m.errors > 0) parts.push(`${m.errors} errors (${m.timeouts} timeouts)`);
  if (m.requests === 0) parts.push('no requests completed');
  return parts.length > 0 ? parts.join('; ') : null;
}

export interface TargetCheck {
  ratio?: { target: number; met: boolean };
  p99?: { target: number; met: boolean };
}

export function checkTargets(m: Measurement, ceiling: number): TargetCheck {
  const check: TargetCheck = {};
  if (m.targets.minRatio !== undefined) check.ratio = { target: m.targets.minRatio, met: m.reqPerSec / ceiling >= m.targets.minRatio };
  if (m.targets.maxP99Ms !== undefined) check.p99 = { target: m.targets.maxP99Ms, met: m.p99Ms < m.targets.maxP99Ms };
  return check;
}

const fmtInt = (n: number) => Math.round(n).toLocaleString('en-GB');
const fmtMs = (n: number) => (Number.isNaN(n) ? '-' : n < 10 ? n.toFixed(2) : n.toFixed(1));
const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

function targetText(m: Measurement, ceiling: number): string {
  if (m.backend === 'bare') return 'ceiling';
  const check = checkTargets(m, ceiling);
  const parts: string[] = [];
  if (check.ratio) parts.push(`≥${Math.round(check.ratio.target * 100)}% ${check.ratio.met ? 'met' : 'MISSED'}`);
  if (check.p99) parts.push(`p99<${check.p99.target}ms ${check.p99.met ? 'met' : 'MISSED'}`);
  const text = parts.join(', ');
  // The targets are stated for PostgreSQL; PGlite's check is shown for reference only.
  return m.backend === 'postgres' ? text : `(${text})`;
}

export function formatTable(rows: Measurement[], ceiling: number): string {
  const header = ['scenario', 'backend', 'req/s', 'p50 ms', 'p99 ms', 'vs bare', 'targets', 'problems'];
  const body = rows.map((m) => [
    m.scenario,
    m.backend,
    fmtInt(m.reqPerSec),
    fmtMs(m.p50Ms),
    fmtMs(m.p99Ms),
    m.backend === 'bare' ? '100%' : pct(m.reqPerSec / ceiling),
    targetText(m, ceiling),
    problems(m) ?? '',
  ]);
  const numeric = new Set([2, 3, 4, 5]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (numeric.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

export async function writeJson(path: string, data: unknown): Promise<void> {
  await writeFile(path, `${JSON.stringify(data, null, 2)}\n`);
}
