/**
 * The webhook benchmark's figures (bench/webhooks.ts): for one run, what arrived, what is missing or
 * duplicated, deliveries per second, and the event → delivery latency from the API answer and (on
 * PostgreSQL) from the outbox's created_at; how they are printed and kept in the JSON.
 */
import pg from 'pg';
import { summarize } from './concurrency.ts';
import type { ScenarioContext } from './scenario-context.ts';
import type { Produced, Receiver } from './webhook-traffic.ts';

/** The outbox created_at of each event (PostgreSQL only), ms since the epoch. */
async function outboxCreatedAt(databaseUrl: string, ids: string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  client.on('error', () => {});
  await client.connect();
  try {
    const found = new Map<string, number>();
    for (let at = 0; at < ids.length; at += 5_000) {
      const { rows } = await client.query<{ id: string; created_at: Date }>('SELECT id::text AS id, created_at FROM outbox_events WHERE id = ANY($1::uuid[])', [
        ids.slice(at, at + 5_000),
      ]);
      for (const row of rows) found.set(row.id, row.created_at.getTime());
    }
    return found;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface RunFigures {
  produced: number;
  failures: Record<string, number>;
  arrived: number;
  missing: string[];
  duplicates: number;
  /** First to last arrival, s. */
  windowS: number;
  deliveriesPerS: number;
  producedPerS: number;
  /** From the last API answer of the run to its last arrival, ms. */
  drainMs: number;
  fromApiAnswerMs: number[];
  fromCreatedAtMs: number[] | null;
}

export async function figuresOf(ctx: ScenarioContext, receiver: Receiver, produced: Produced): Promise<RunFigures> {
  const ids = produced.sent.map((s) => s.eventId);
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  let duplicates = 0;
  const missing: string[] = [];
  const fromApiAnswerMs: number[] = [];
  for (const sent of produced.sent) {
    const arrival = receiver.arrivals.get(sent.eventId);
    if (!arrival) {
      missing.push(sent.eventId);
      continue;
    }
    first = Math.min(first, arrival.monoMs);
    last = Math.max(last, arrival.monoMs);
    duplicates += arrival.count - 1;
    fromApiAnswerMs.push(arrival.monoMs - sent.returnedMono);
  }
  const arrived = ids.length - missing.length;
  let fromCreatedAtMs: number[] | null = null;
  if (ctx.databaseUrl && arrived > 0) {
    const created = await outboxCreatedAt(ctx.databaseUrl, ids);
    fromCreatedAtMs = [];
    for (const id of ids) {
      const arrival = receiver.arrivals.get(id);
      const at = created.get(id);
      if (arrival && at !== undefined) fromCreatedAtMs.push(arrival.wallMs - at);
    }
  }
  const windowS = arrived > 1 ? (last - first) / 1000 : Number.NaN;
  const productionS = (produced.lastReturnedMono - produced.firstSentMono) / 1000;
  return {
    produced: ids.length,
    failures: Object.fromEntries(produced.failures),
    arrived,
    missing,
    duplicates,
    windowS,
    deliveriesPerS: arrived > 1 && windowS > 0 ? (arrived - 1) / windowS : Number.NaN,
    producedPerS: productionS > 0 ? ids.length / productionS : Number.NaN,
    drainMs: arrived > 0 ? last - produced.lastReturnedMono : Number.NaN,
    fromApiAnswerMs,
    fromCreatedAtMs,
  };
}

export function issuesOf(f: RunFigures, attempted: number): string[] {
  const issues: string[] = [];
  const failed = Object.entries(f.failures).map(([why, n]) => `${n}× ${why}`);
  if (failed.length > 0) issues.push(`${attempted - f.produced} of ${attempted} event calls failed (${failed.join(', ')})`);
  if (f.missing.length > 0) issues.push(`${f.missing.length} of ${f.produced} events never arrived (e.g. ${f.missing.slice(0, 3).join(', ')})`);
  return issues;
}

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** The receiver and producer share this process's event loop: say so when it was nearly saturated. */
export const busyNote = (utilization: number) =>
  utilization > 0.9 ? `; load generator ${Math.round(utilization * 100)}% busy (figures may understate the server)` : '';

export const fmt = (n: number) => (Number.isNaN(n) ? '-' : n < 10 ? n.toFixed(2) : n.toFixed(1));

export function latencyText(samples: number[]): string {
  const s = summarize(samples);
  return `p50 ${fmt(s.p50Ms)} ms, p99 ${fmt(s.p99Ms)} ms`;
}

/** Figures kept in the JSON for one run. */
export function detailsOf(f: RunFigures, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    ...extra,
    eventsProduced: f.produced,
    eventCallFailures: f.failures,
    eventsArrived: f.arrived,
    eventsMissing: f.missing.length,
    missingEventIds: f.missing.slice(0, 20),
    duplicateDeliveries: f.duplicates,
    arrivalWindowS: Math.round(f.windowS * 1000) / 1000,
    producedPerS: Math.round(f.producedPerS),
    drainAfterLastEventMs: Math.round(f.drainMs),
    latencyFromOutboxCreatedAt: f.fromCreatedAtMs ? summarize(f.fromCreatedAtMs) : null,
    latencyFromApiAnswer: summarize(f.fromApiAnswerMs),
  };
}
