/**
 * Issue "documents": upload throughput of 5 MiB PDFs through POST /document_upload/{customer_id}/
 * (multipart: document_type and the file part `document`), and the server's resident memory
 * meanwhile, read from /proc/<pid>/status (VmRSS) every 50 ms.
 *
 * Each upload has different bytes (a stamp near the start), since the same bytes twice answer 409.
 * BENCH_UPLOAD_CONCURRENCY uploads are in flight at once, for BENCH_DURATION seconds (capped at
 * BENCH_UPLOAD_MAX_TOTAL_MIB). The server gets a fresh store of its own, so the baseline is a server
 * that has done nothing else: after a warm-up of one round of uploads (once the worker has processed
 * them), the baseline is the median of a second of idle samples; the peak is the highest sample from
 * the first measured upload until the worker has processed the last one (its background read of the
 * stored bytes belongs to the cost of an upload). Where the kernel lets us reset it, VmHWM (the
 * kernel's exact high-water mark) is read as a cross-check of the sampled peak.
 */
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Pool } from 'undici';
import { customerBody } from '../test/helpers/app.ts';
import { quantile, sleep } from './concurrency.ts';
import { customMeasurement, type Measurement, type MemoryFigures } from './report.ts';
import type { ScenarioContext, ScenarioSettings } from './scenario-context.ts';

const MiB = 1024 * 1024;
const SAMPLE_MS = 50;
const DOCUMENT_TYPE = 'business accounts';

/** A PDF-looking file: header, a stamp line, random filler, end-of-file marker. */
class PdfFactory {
  readonly size: number;
  readonly #template: Buffer;
  readonly #stampAt: number;
  readonly #stampWidth = 64;
  readonly #runId = `${Date.now().toString(36)}-${process.pid}`;
  #sequence = 0;

  constructor(sizeBytes: number) {
    const header = Buffer.from('%PDF-1.4\n%');
    const trailer = Buffer.from('\n%%EOF\n');
    this.size = sizeBytes;
    this.#template = randomBytes(sizeBytes);
    header.copy(this.#template, 0);
    this.#stampAt = header.length;
    this.#template[this.#stampAt + this.#stampWidth] = 0x0a; // the stamp is a comment line
    trailer.copy(this.#template, sizeBytes - trailer.length);
  }

  /**
   * A new file: the template with a unique stamp (so a different SHA-256 each time), as three
   * pieces that share the template's memory. Copying 5 MiB per upload made the load generator,
   * which shares the machine with the server, collect garbage for most of its time.
   */
  next(): { name: string; parts: Buffer[] } {
    const n = ++this.#sequence;
    const stamp = Buffer.from(`bench-upload ${this.#runId} ${n}`.padEnd(this.#stampWidth, ' '), 'latin1');
    const end = this.#stampAt + this.#stampWidth;
    return { name: `accounts-${n}.pdf`, parts: [this.#template.subarray(0, this.#stampAt), stamp, this.#template.subarray(end)] };
  }
}

/** multipart/form-data with the text part document_type and the file part document, as pieces. */
function multipart(file: { name: string; parts: Buffer[] }): { contentType: string; body: Buffer[]; length: number } {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="document_type"\r\n\r\n${DOCUMENT_TYPE}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = [head, ...file.parts, tail];
  return { contentType: `multipart/form-data; boundary=${boundary}`, body, length: body.reduce((sum, b) => sum + b.length, 0) };
}

/** Samples a process's VmRSS every SAMPLE_MS. */
class RssSampler {
  readonly #pid: number;
  readonly samples: { atMs: number; kib: number }[] = [];
  #timer: NodeJS.Timeout | null = null;
  #reading = false;
  #failed: string | null = null;

  constructor(pid: number) {
    this.#pid = pid;
  }

  static async read(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    if (!match) throw new Error(`no ${field} in /proc/${pid}/status`);
    return Number(match[1]);
  }

  start(): void {
    const tick = async () => {
      if (this.#reading) return;
      this.#reading = true;
      try {
        this.samples.push({ atMs: performance.now(), kib: await RssSampler.read(this.#pid, 'VmRSS') });
      } catch (error) {
        this.#failed ??= error instanceof Error ? error.message : String(error);
      } finally {
        this.#reading = false;
      }
    };
    void tick();
    this.#timer = setInterval(() => void tick(), SAMPLE_MS);
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  /** Why reading failed, if it ever did. */
  get failure(): string | null {
    return this.#failed;
  }

  between(fromMs: number, toMs: number): number[] {
    return this.samples.filter((s) => s.atMs >= fromMs && s.atMs <= toMs).map((s) => s.kib);
  }
}

/** Resets the kernel's peak-RSS mark of a process (clear_refs 5); false when not permitted. */
async function resetPeak(pid: number): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** How many of the customer's documents are in each status (pending, processing, accepted, rejected). */
async function documentStates(api: ScenarioContext['api'], customerId: string): Promise<Record<string, number>> {
  const listed = await api.partner('GET', `/document_upload/${customerId}/`);
  const states: Record<string, number> = {};
  for (const d of listed.data as { attributes: { status: string } }[]) states[d.attributes.status] = (states[d.attributes.status] ?? 0) + 1;
  return states;
}

/** Waits (at most `maxMs`) until the worker has processed every uploaded document. */
async function awaitProcessed(
  api: ScenarioContext['api'],
  customerId: string,
  maxMs: number,
): Promise<{ states: Record<string, number>; waitedMs: number; done: boolean }> {
  const started = performance.now();
  for (;;) {
    const states = await documentStates(api, customerId);
    const done = !states.pending && !states.processing;
    const waitedMs = performance.now() - started;
    if (done || waitedMs > maxMs) return { states, waitedMs, done };
    await sleep(250);
  }
}

interface Upload {
  status: number;
  ms: number;
  bytes: number;
  error?: string;
}

export async function runUploads(
  ctx: ScenarioContext,
  settings: Pick<ScenarioSettings, 'uploadConcurrency' | 'uploadMiB' | 'uploadMaxTotalMiB'>,
): Promise<Measurement[]> {
  const { api, backend, server } = ctx;
  const concurrency = settings.uploadConcurrency;
  const name = `POST /document_upload/{customer_id}/ (${settings.uploadMiB} MiB PDF, ${concurrency} at once)`;
  const label = `[${backend}] ${name}`;
  const customer = await api.partner('POST', '/customers/', customerBody({ external_customer_id: `bench-uploads-${Date.now().toString(36)}` }));
  const customerId = customer.data.customer_id as string;
  const path = `${api.apiPrefix}/document_upload/${customerId}/`;
  const factory = new PdfFactory(settings.uploadMiB * MiB);
  const pool = new Pool(server.url, { connections: concurrency, keepAliveTimeout: 60_000 });

  const upload = async (): Promise<Upload> => {
    const form = multipart(factory.next());
    const started = performance.now();
    try {
      const response = await pool.request({
        method: 'POST',
        path,
        headers: { ...api.partnerHeaders, 'content-type': form.contentType, 'content-length': String(form.length) },
        body: Readable.from(form.body),
      });
      const text = await response.body.text();
      const ms = performance.now() - started;
      return { status: response.statusCode, ms, bytes: factory.size, ...(response.statusCode === 201 ? {} : { error: text.slice(0, 200) }) };
    } catch (error) {
      return { status: 0, ms: performance.now() - started, bytes: factory.size, error: error instanceof Error ? error.message : String(error) };
    }
  };

  const sampler = new RssSampler(server.pid);
  sampler.start();
  try {
    if (ctx.settings.warmupS > 0) {
      process.stdout.write(`${label}: warm-up ${concurrency} uploads… `);
      const warm = await Promise.all(Array.from({ length: concurrency }, upload));
      const bad = warm.filter((u) => u.status !== 201);
      if (bad.length > 0) process.stdout.write(`(warm-up: ${bad.length} failed: ${bad[0].status} ${bad[0].error ?? ''}) `);
    } else {
      process.stdout.write(`${label}: `);
    }
    // Let the warm-up's background processing finish, then take the idle baseline.
    await awaitProcessed(api, customerId, 30_000);
    await sleep(500);
    const baselineFrom = performance.now();
    await sleep(1_000);
    const baselineSamples = sampler.between(baselineFrom, performance.now()).sort((a, b) => a - b);
    const kernelPeakReset = await resetPeak(server.pid);

    const maxUploads = Math.max(concurrency, Math.floor(settings.uploadMaxTotalMiB / settings.uploadMiB));
    process.stdout.write(`measuring ${ctx.settings.durationS} s (at most ${maxUploads} uploads)… `);
    const uploads: Upload[] = [];
    const started = performance.now();
    const deadline = started + ctx.settings.durationS * 1000;
    let begun = 0;
    const loopBefore = performance.eventLoopUtilization();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < deadline && begun < maxUploads) {
          begun++;
          uploads.push(await upload());
        }
      }),
    );
    const finished = performance.now();
    const loadGeneratorBusy = performance.eventLoopUtilization(loopBefore).utilization;
    // The worker reads the stored files back after the answers: that belongs to the peak too.
    const processed = await awaitProcessed(api, customerId, 30_000);
    await sleep(500);
    const peakSamples = sampler.between(started, performance.now());
    const kernelPeakKiB = kernelPeakReset ? await RssSampler.read(server.pid, 'VmHWM').catch(() => null) : null;
    sampler.stop();

    const ok = uploads.filter((u) => u.status === 201);
    const seconds = (finished - started) / 1000;
    const baselineKiB = quantile(baselineSamples, 0.5);
    const peakKiB = Math.max(...peakSamples, baselineKiB);
    const toMiB = (kib: number) => Math.round((kib / 1024) * 10) / 10;
    const memory: MemoryFigures = {
      baselineMiB: toMiB(baselineKiB),
      peakMiB: toMiB(peakKiB),
      growthMiB: toMiB(peakKiB - baselineKiB),
      samples: peakSamples.length,
      intervalMs: SAMPLE_MS,
      kernelPeakMiB: kernelPeakKiB === null ? null : toMiB(kernelPeakKiB),
    };
    const statusCodes: Record<string, number> = {};
    for (const u of uploads) statusCodes[String(u.status)] = (statusCodes[String(u.status)] ?? 0) + 1;
    const failed = uploads.filter((u) => u.status !== 201);
    const issues: string[] = [];
    const errors = failed.filter((u) => u.status === 0);
    if (errors.length > 0) issues.push(`${errors.length} uploads failed (${errors[0].error})`);
    if (baselineSamples.length === 0 || peakSamples.length === 0) issues.push(`no RSS samples (${sampler.failure ?? 'none taken'})`);
    if (!processed.done)
      issues.push(`documents still unprocessed ${Math.round(processed.waitedMs / 1000)} s after the last upload (the peak may be understated)`);
    const rate = ok.reduce((sum, u) => sum + u.bytes, 0) / MiB / seconds;
    const m = customMeasurement({
      scenarioId: 'uploads',
      scenario: name,
      backend,
      rate,
      unit: 'MiB/s',
      reqPerSec: ok.length / seconds,
      latenciesMs: ok.map((u) => u.ms),
      latencyBasis: 'one whole upload: request sent → 201 answer',
      requests: uploads.length,
      non2xx: failed.length - errors.length,
      errors: errors.length,
      statusCodes,
      durationS: Math.round(seconds * 1000) / 1000,
      targets: { minRate: 100, maxRssGrowthMiB: 64 },
      memory,
      summary:
        `${ok.length} uploads; server RSS ${memory.baselineMiB} → ${memory.peakMiB} MiB (+${memory.growthMiB})` +
        (memory.kernelPeakMiB !== null ? `, VmHWM ${memory.kernelPeakMiB}` : '') +
        `; ${processed.done ? 'all' : 'not all'} ${Object.values(processed.states).reduce((a, b) => a + b, 0)} documents processed ` +
        `${Math.round(processed.waitedMs / 100) / 10} s after the last upload (${processed.states.accepted ?? 0} accepted)` +
        (loadGeneratorBusy > 0.9 ? `; load generator ${Math.round(loadGeneratorBusy * 100)}% busy` : ''),
      details: {
        fileBytes: factory.size,
        concurrency,
        uploadsPerS: ok.length / seconds,
        documentStatesAfter: processed.states,
        processingDrainMs: Math.round(processed.waitedMs),
        loadGeneratorEventLoopUtilization: Math.round(loadGeneratorBusy * 100) / 100,
        firstFailure: failed[0] ? { status: failed[0].status, error: failed[0].error } : null,
      },
      issues,
    });
    if (failed.length > errors.length) {
      const first = failed.find((u) => u.status !== 0);
      m.issues.push(`first refusal: ${first?.status} ${first?.error ?? ''}`.trim());
    }
    console.log(`${rate.toFixed(1)} MiB/s (${ok.length} uploads), p50 ${m.p50Ms.toFixed(1)} ms, p99 ${m.p99Ms.toFixed(1)} ms; ${m.summary}`);
    return [m];
  } finally {
    sampler.stop();
    await pool.close().catch(() => {});
  }
}
