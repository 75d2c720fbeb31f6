/**
 * Issue "webhooks": how fast the server delivers webhook events, and how soon after the event.
 *
 * The server runs with ROLE=all (API and worker in one process) and ALLOW_PRIVATE_WEBHOOK_URLS=true;
 * a node:http receiver in this process, on 127.0.0.1, answers every delivery 200 and records when
 * each X-SVC-Event-ID first arrived. The partner's webhook URL is pointed at it and every event type
 * is subscribed. Events are made with POST /sandbox/webhooks/test (202 with data.event_id), the
 * cheapest honest API call that commits one outbox event; the time its answer came back is kept
 * per event id.
 *
 *  - latency run: events at a steady BENCH_WEBHOOK_RATE per second for BENCH_DURATION seconds;
 *    p50/p99 of event → delivery, measured from the event's outbox created_at on PostgreSQL (read
 *    with `pg` afterwards), and from the API call's answer on PGlite (whose database this process
 *    cannot open while the server holds it). Both bases are kept in the JSON where available.
 *  - throughput run: BENCH_WEBHOOK_EVENTS events as fast as BENCH_CONNECTIONS concurrent calls go;
 *    deliveries/s over the window from the first to the last arrival. Deliveries keep up with
 *    production here, so this mostly measures how fast the API makes events.
 *
 * runWebhookBacklog (scenario webhooks-backlog, PostgreSQL only) measures delivery alone: the server
 * runs with ROLE=api (no worker), BENCH_WEBHOOK_EVENTS events are made and sit in the outbox, then
 * one ROLE=worker child on the same database drains them; deliveries/s over the window from the
 * first to the last arrival, every event expected exactly once.
 *
 * Every run waits for every event to arrive; missing ones make the row invalid. The receiver and the
 * producer are in bench/webhook-traffic.ts, the figures in bench/webhook-figures.ts.
 */
import { performance } from 'node:perf_hooks';
import { sleep } from './concurrency.ts';
import { customMeasurement, type Measurement } from './report.ts';
import type { ScenarioContext, ScenarioSettings } from './scenario-context.ts';
import { startWorkerProcess, type ChildProcessHandle } from './server-process.ts';
import { busyNote, detailsOf, figuresOf, fmt, issuesOf, latencyText, round2 } from './webhook-figures.ts';
import { awaitDeliveries, Producer, Receiver } from './webhook-traffic.ts';

/** Points the partner's webhook URL at the receiver and subscribes every event type; answers the types. */
async function subscribeEveryType({ api }: ScenarioContext, receiver: Receiver): Promise<string[]> {
  await api.partner('PUT', '/webhooks/configuration/', { data: { url: receiver.url } });
  const listed = await api.partner('GET', '/webhooks/event_types/');
  const types = (listed.data.webhook_event_types as { webhook_event_type: string }[]).map((t) => t.webhook_event_type);
  for (let at = 0; at < types.length; at += 20) {
    await api.partner('POST', '/webhooks/subscriptions/', { data: { webhook_event_types: types.slice(at, at + 20) } });
  }
  const subscriptions = await api.partner('GET', '/webhooks/subscriptions/');
  const unsubscribed = (subscriptions.data.subscriptions as { webhook_event_type: string; subscribed: boolean }[]).filter((s) => !s.subscribed);
  if (unsubscribed.length > 0) throw new Error(`not subscribed after subscribing: ${unsubscribed.map((s) => s.webhook_event_type).join(', ')}`);
  return types;
}

export async function runWebhooks(ctx: ScenarioContext, settings: Pick<ScenarioSettings, 'webhookEvents' | 'webhookRate'>): Promise<Measurement[]> {
  const { backend } = ctx;
  const receiver = new Receiver();
  await receiver.start();
  let producer: Producer | null = null;
  try {
    const types = await subscribeEveryType(ctx, receiver);
    producer = new Producer(ctx, types, ctx.settings.connections);
    const useCreatedAt = ctx.databaseUrl !== null;
    const basis = useCreatedAt ? 'outbox created_at → receiver arrival' : 'API answer (202) → receiver arrival';
    const label = `[${backend}] webhooks`;

    if (ctx.settings.warmupS > 0) {
      process.stdout.write(`${label}: warm-up 200 events… `);
      const warm = await producer.burst(200, Math.min(20, ctx.settings.connections));
      await awaitDeliveries(
        receiver,
        warm.sent.map((s) => s.eventId),
      );
      const f = await figuresOf(ctx, receiver, warm);
      const issues = issuesOf(f, 200);
      console.log(issues.length > 0 ? `(warm-up: ${issues.join('; ')})` : `${f.arrived} delivered.`);
    }

    // Latency at a steady, moderate rate.
    const rate = settings.webhookRate;
    const seconds = ctx.settings.durationS;
    const latencyName = `webhooks: event → delivery latency (${rate} events/s)`;
    process.stdout.write(`[${backend}] ${latencyName}: ${seconds} s of events… `);
    let loopBefore = performance.eventLoopUtilization();
    const steady = await producer.paced(rate, seconds);
    process.stdout.write('awaiting deliveries… ');
    await awaitDeliveries(
      receiver,
      steady.sent.map((s) => s.eventId),
    );
    const steadyBusy = performance.eventLoopUtilization(loopBefore).utilization;
    const lf = await figuresOf(ctx, receiver, steady);
    const latencyRow = customMeasurement({
      scenarioId: 'webhooks-latency',
      scenario: latencyName,
      backend,
      rate: lf.deliveriesPerS,
      unit: 'deliveries/s',
      latenciesMs: lf.fromCreatedAtMs ?? lf.fromApiAnswerMs,
      latencyBasis: basis,
      requests: lf.produced,
      durationS: seconds,
      targets: { maxP50Ms: 100 },
      summary:
        `events made at ${Math.round(lf.producedPerS).toLocaleString('en-GB')}/s of ${rate} asked; ` +
        `${lf.arrived.toLocaleString('en-GB')}/${lf.produced.toLocaleString('en-GB')} delivered; latency from ${useCreatedAt ? 'outbox created_at' : 'API answer'}` +
        (useCreatedAt ? ` (from API answer: ${latencyText(lf.fromApiAnswerMs)})` : '') +
        (lf.duplicates > 0 ? `; ${lf.duplicates} duplicate deliveries` : '') +
        busyNote(steadyBusy),
      details: detailsOf(lf, { eventsPerSecondAsked: rate, seconds, loadGeneratorEventLoopUtilization: round2(steadyBusy) }),
      issues: issuesOf(lf, Math.max(1, Math.round(rate * seconds))),
    });
    console.log(`p50 ${fmt(latencyRow.p50Ms)} ms, p99 ${fmt(latencyRow.p99Ms)} ms (${basis}); ${latencyRow.summary}`);

    // Throughput of a burst.
    const count = settings.webhookEvents;
    const burstName = `webhooks: deliveries/s (${count.toLocaleString('en-GB')}-event burst)`;
    process.stdout.write(`[${backend}] ${burstName}: making ${count} events… `);
    loopBefore = performance.eventLoopUtilization();
    const burst = await producer.burst(count, ctx.settings.connections);
    process.stdout.write('awaiting deliveries… ');
    await awaitDeliveries(
      receiver,
      burst.sent.map((s) => s.eventId),
    );
    const burstBusy = performance.eventLoopUtilization(loopBefore).utilization;
    const bf = await figuresOf(ctx, receiver, burst);
    const burstRow = customMeasurement({
      scenarioId: 'webhooks-throughput',
      scenario: burstName,
      backend,
      rate: bf.deliveriesPerS,
      unit: 'deliveries/s',
      latenciesMs: bf.fromCreatedAtMs ?? bf.fromApiAnswerMs,
      latencyBasis: basis,
      requests: bf.produced,
      durationS: bf.windowS,
      targets: { minRate: 1_000 },
      summary:
        `${bf.arrived.toLocaleString('en-GB')}/${bf.produced.toLocaleString('en-GB')} delivered over ${fmt(bf.windowS)} s; ` +
        `events made at ${Math.round(bf.producedPerS).toLocaleString('en-GB')}/s; last delivery ${Math.round(bf.drainMs)} ms after the last event` +
        (bf.duplicates > 0 ? `; ${bf.duplicates} duplicate deliveries` : '') +
        busyNote(burstBusy),
      details: detailsOf(bf, { connections: ctx.settings.connections, loadGeneratorEventLoopUtilization: round2(burstBusy) }),
      issues: issuesOf(bf, count),
    });
    console.log(`${Math.round(burstRow.rate).toLocaleString('en-GB')} deliveries/s; ${burstRow.summary}`);
    if (receiver.withoutId > 0) burstRow.issues.push(`${receiver.withoutId} deliveries without X-SVC-Event-ID`);
    return [latencyRow, burstRow];
  } finally {
    await producer?.close().catch(() => {});
    await receiver.stop().catch(() => {});
  }
}

/**
 * Delivery throughput alone: the server runs with ROLE=api, so the events made first sit in the
 * outbox; then one ROLE=worker child on the same database drains them. PostgreSQL only (PGlite is
 * one process: no second process can open its database).
 */
export async function runWebhookBacklog(ctx: ScenarioContext, settings: Pick<ScenarioSettings, 'webhookEvents'>): Promise<Measurement[]> {
  const { backend, databaseUrl, scenario } = ctx;
  if (databaseUrl === null) throw new Error('the backlog run needs PostgreSQL (a worker process beside the API server)');
  const count = settings.webhookEvents;
  const receiver = new Receiver();
  await receiver.start();
  let producer: Producer | null = null;
  let worker: ChildProcessHandle | null = null;
  try {
    const types = await subscribeEveryType(ctx, receiver);
    producer = new Producer(ctx, types, ctx.settings.connections);

    process.stdout.write(`[${backend}] ${scenario.name}: making ${count} events (no worker running)… `);
    const backlog = await producer.burst(count, ctx.settings.connections);
    const ids = backlog.sent.map((s) => s.eventId);
    // Nothing may be delivered yet: the API server (ROLE=api) must not deliver.
    await sleep(500);
    const deliveredEarly = receiver.requests;

    process.stdout.write(`${ids.length} in the outbox; starting the worker… `);
    const loopBefore = performance.eventLoopUtilization();
    const workerStarted = performance.now();
    worker = startWorkerProcess({ databaseUrl, logLevel: ctx.settings.logLevel, env: { ALLOW_PRIVATE_WEBHOOK_URLS: 'true' } });
    const running = worker;
    const died = await awaitDeliveries(receiver, ids, () => running.ended());
    const busy = performance.eventLoopUtilization(loopBefore).utilization;
    const f = await figuresOf(ctx, receiver, backlog);
    const stopped = await worker.stop();

    let first = Number.POSITIVE_INFINITY;
    for (const id of ids) first = Math.min(first, receiver.arrivals.get(id)?.monoMs ?? Number.POSITIVE_INFINITY);
    const firstAfterStartS = Number.isFinite(first) ? (first - workerStarted) / 1000 : Number.NaN;
    const ours = new Set(ids);
    const strangers = [...receiver.arrivals.keys()].filter((id) => !ours.has(id)).length;

    const issues = issuesOf(f, count);
    if (f.duplicates > 0) issues.push(`${f.duplicates} duplicate deliveries (each event should arrive exactly once)`);
    if (deliveredEarly > 0) issues.push(`${deliveredEarly} deliveries arrived before the worker started (the ROLE=api server delivered?)`);
    if (strangers > 0) issues.push(`${strangers} unexpected event ids arrived`);
    if (receiver.withoutId > 0) issues.push(`${receiver.withoutId} deliveries without X-SVC-Event-ID`);
    if (died !== null) issues.push(`the worker ${died} before delivering every event`);
    if (issues.length > 0) {
      const tail = worker.output().trim().split('\n').slice(-5).join('\n    ');
      if (tail) console.log(`\n  worker output (last lines):\n    ${tail}`);
    }

    const row = customMeasurement({
      scenarioId: scenario.id,
      scenario: scenario.name,
      backend,
      rate: f.deliveriesPerS,
      unit: 'deliveries/s',
      latenciesMs: [],
      requests: f.produced,
      durationS: f.windowS,
      targets: scenario.targets,
      summary:
        `${f.arrived.toLocaleString('en-GB')}/${f.produced.toLocaleString('en-GB')} delivered over ${fmt(f.windowS)} s; ` +
        `first delivery ${fmt(firstAfterStartS)} s after the worker's spawn; backlog made at ${Math.round(f.producedPerS).toLocaleString('en-GB')} events/s` +
        (died === null && stopped.code !== 0 ? `; the worker did not exit cleanly on SIGTERM (code ${stopped.code}, signal ${stopped.signal})` : '') +
        busyNote(busy),
      details: {
        eventsProduced: f.produced,
        eventCallFailures: f.failures,
        eventsArrived: f.arrived,
        eventsMissing: f.missing.length,
        missingEventIds: f.missing.slice(0, 20),
        duplicateDeliveries: f.duplicates,
        deliveriesBeforeWorker: deliveredEarly,
        arrivalWindowS: Math.round(f.windowS * 1000) / 1000,
        firstDeliveryAfterWorkerSpawnS: Math.round(firstAfterStartS * 1000) / 1000,
        producedPerS: Math.round(f.producedPerS),
        connections: ctx.settings.connections,
        workerExit: { code: stopped.code, signal: stopped.signal },
        loadGeneratorEventLoopUtilization: round2(busy),
      },
      issues,
    });
    console.log(`${Math.round(row.rate).toLocaleString('en-GB')} deliveries/s; ${row.summary}`);
    return [row];
  } finally {
    await worker?.stop().catch(() => {});
    await producer?.close().catch(() => {});
    await receiver.stop().catch(() => {});
  }
}
