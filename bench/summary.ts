/**
 * The end of a benchmark run: the results table, each route against its minimal Fastify app, the
 * targets, the notes, and bench/last-run.json (overwritten each run).
 */
import type { CpuInfo } from 'node:os';
import { join } from 'node:path';
import { frameworkFloorLines } from './floors.ts';
import { needsCeiling, scenarios, settings } from './plan.ts';
import { checkTargets, describeTargets, formatTable, missedTargets, problems, writeJson, type Backend, type Measurement } from './report.ts';
import { SCENARIO_SETTINGS } from './scenarios.ts';
import { REPO_ROOT } from './server-process.ts';

const RESULTS_FILE = join(REPO_ROOT, 'bench', 'last-run.json');

export interface Skipped {
  backend: Backend;
  reason: string;
}

export interface RunResults {
  startedAt: Date;
  cpuList: CpuInfo[];
  rows: Measurement[];
  /** The bare ceiling's rate (the mean of its first and last measurement), NaN when not measured. */
  ceiling: number;
  skipped: Skipped[];
  notes: string[];
}

/** Prints the run's results and writes them to bench/last-run.json; answers how many rows failed. */
export async function reportResults({ startedAt, cpuList, rows, ceiling, skipped, notes }: RunResults): Promise<number> {
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
  return failed.length;
}
