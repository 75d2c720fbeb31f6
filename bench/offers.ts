/**
 * Issue "offers" (a): the first GET offers of an application, the one that runs the automated
 * decision, under load. Every request hits a different fresh `open` application: N customers and
 * applications are made through the API first, then autocannon sends exactly N requests, its
 * setupRequest handing out each application id once. Each answer is checked to be an approval
 * with its two offers, so the figures are those of real decisions, not of repeat reads.
 */
import type autocannon from 'autocannon';
import { fire, printed, type LoadOptions } from './load.ts';
import { createOpenApplications } from './offers-setup.ts';
import { measurement, type Measurement } from './report.ts';
import type { ScenarioContext, ScenarioSettings } from './scenario-context.ts';

interface Tally {
  /** Ids handed to requests; more than the list means an application was asked twice. */
  handedOut: number;
  approved: number;
  other: Map<string, number>;
}

/** Options that walk `ids` once, one request each, checking every answer. */
function firstCallLoad(ctx: ScenarioContext, ids: string[]): { options: LoadOptions; tally: Tally } {
  const tally: Tally = { handedOut: 0, approved: 0, other: new Map() };
  const pathOf = (id: string) => `${ctx.api.apiPrefix}/applications/${id}/offers/`;
  const request: autocannon.Request = {
    method: 'GET',
    path: pathOf(ids[0]),
    setupRequest: (req) => {
      // Past the end (autocannon asking for more than `amount`) the last id is repeated; the tally
      // shows it and the row is marked invalid.
      const id = ids[Math.min(tally.handedOut, ids.length - 1)];
      tally.handedOut++;
      return { ...req, path: pathOf(id) };
    },
    onResponse: (status, body) => {
      if (status !== 200) return; // counted as non-2xx by autocannon
      let outcome = 'unparsable answer';
      try {
        const data = JSON.parse(body).data as { offer_creation_status: string; offers: unknown[] };
        outcome =
          data.offer_creation_status === 'offers_available' && data.offers.length === 2
            ? 'approved'
            : `${data.offer_creation_status} with ${data.offers.length} offers`;
      } catch {
        // left as unparsable
      }
      if (outcome === 'approved') tally.approved++;
      else tally.other.set(outcome, (tally.other.get(outcome) ?? 0) + 1);
    },
  };
  // A decision can queue behind many others (PGlite runs one statement at a time): wait up to 30 s
  // rather than autocannon's 10 s, so slow answers count in the percentiles instead of as errors.
  return { options: { requests: [request], timeout: 30 }, tally };
}

export async function runFirstOffers(ctx: ScenarioContext, settings: Pick<ScenarioSettings, 'offersCount' | 'offersSetupConcurrency'>): Promise<Measurement[]> {
  const { scenario, backend } = ctx;
  const count = settings.offersCount;
  const connections = Math.min(ctx.settings.connections, count);
  // The warm-up decides its own applications (a first call can be made only once).
  const warmCount = ctx.settings.warmupS > 0 ? Math.min(500, Math.max(connections * 2, Math.round(count / 10))) : 0;
  const label = `[${backend}] ${scenario.name}`;
  process.stdout.write(`${label}: preparing ${warmCount + count} open applications… `);
  const setupStarted = performance.now();
  const ids = await createOpenApplications(ctx.api, warmCount + count, settings.offersSetupConcurrency, 'setup');
  const setupS = (performance.now() - setupStarted) / 1000;
  const target = { url: ctx.server.url, headers: ctx.api.partnerHeaders };

  if (warmCount > 0) {
    process.stdout.write(`warm-up ${warmCount} first calls… `);
    const warm = firstCallLoad(ctx, ids.slice(0, warmCount));
    await fire(target.url, warm.options, target.headers, connections, { amount: warmCount });
  }

  process.stdout.write(`measuring ${count} first calls… `);
  const run = firstCallLoad(ctx, ids.slice(warmCount));
  const fired = await fire(target.url, run.options, target.headers, connections, { amount: count });
  const m = measurement(scenario, backend, fired.result, fired.latenciesMs, { byTotal: true });

  const { tally } = run;
  if (tally.handedOut > count) m.issues.push(`${tally.handedOut - count} requests repeated an application (not first calls)`);
  const others = [...tally.other].map(([what, n]) => `${n}× ${what}`);
  if (others.length > 0) m.issues.push(`not approved: ${others.join(', ')}`);
  m.summary = `${count.toLocaleString('en-GB')} fresh applications, ${tally.approved.toLocaleString('en-GB')} approved`;
  m.details = {
    applications: count,
    approved: tally.approved,
    notApproved: Object.fromEntries(tally.other),
    warmUpApplications: warmCount,
    connections,
    setupSeconds: Math.round(setupS * 10) / 10,
  };
  printed(m);
  return [m];
}
