/**
 * Driving autocannon: one run of a scenario's load for a duration or a fixed number of requests,
 * with the 2xx response times recorded at microsecond resolution beside autocannon's histogram.
 */
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import { measurement, problems, type Backend, type Measurement, type Targets } from './report.ts';

/** The run-wide settings (from the environment; see bench/run.ts). */
export interface BenchSettings {
  durationS: number;
  warmupS: number;
  connections: number;
  logLevel: string;
}

/**
 * What a scenario may set: autocannon options plus the request path (joined to the server's URL);
 * the URL, connections and duration (or amount) are the runner's.
 */
export type LoadOptions = Omit<autocannon.Options, 'url' | 'connections' | 'duration' | 'amount' | 'workers'> & {
  path?: string;
};

export interface Fired {
  result: autocannon.Result;
  /** Response times of 2xx answers, ms (float); autocannon's histogram keeps whole ms only. */
  latenciesMs: number[];
}

/** How long (or how much) one run lasts. */
export type Extent = { seconds: number } | { amount: number };

export function fire(baseUrl: string, load: LoadOptions, headers: Record<string, string>, connections: number, extent: Extent): Promise<Fired> {
  const { path = '/', ...options } = load;
  return new Promise((resolve, reject) => {
    const latenciesMs: number[] = [];
    const instance = autocannon(
      {
        ...options,
        // autocannon keeps per-run state on request objects; give each run its own copies.
        requests: options.requests?.map((request) => ({ ...request })),
        headers: { ...headers, ...options.headers },
        url: `${baseUrl}${path}`,
        // autocannon refuses more connections than requests.
        connections: 'amount' in extent ? Math.max(1, Math.min(connections, extent.amount)) : connections,
        ...('amount' in extent ? { amount: extent.amount } : { duration: extent.seconds }),
      },
      (error, result) => (error ? reject(error) : resolve({ result, latenciesMs })),
    );
    // autocannon emits (client, statusCode, bytes, responseTimeMs); its typings omit the client.
    (instance as NodeJS.EventEmitter).on('response', (_client: unknown, statusCode: number, _bytes: number, ms: number) => {
      if (statusCode >= 200 && statusCode < 300) latenciesMs.push(ms);
    });
  });
}

export interface MeasureTarget {
  url: string;
  headers: Record<string, string>;
  /** The serving process, whose CPU time over the measured run is divided by its requests. */
  pid?: number;
}

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on Linux everywhere that matters). */
const TICKS_PER_S = 100;

/** User + system CPU seconds the process has used so far, or null where /proc cannot say. */
export async function processCpuSeconds(pid: number): Promise<number | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
  } catch {
    return null;
  }
}

/** Warm-up (when configured), then the measured run of a duration-based load; prints one line. */
export async function measureLoad(
  target: MeasureTarget,
  scenario: { id: string; name: string; targets: Targets },
  backend: Backend,
  options: LoadOptions,
  settings: BenchSettings,
): Promise<Measurement> {
  const label = `[${backend}] ${scenario.name}`;
  if (settings.warmupS > 0) {
    process.stdout.write(`${label}: warm-up ${settings.warmupS} s… `);
    const warm = await fire(target.url, options, target.headers, settings.connections, { seconds: settings.warmupS });
    const issue = problems(measurement(scenario, backend, warm.result));
    process.stdout.write(issue ? `(warm-up: ${issue}) ` : '');
  } else {
    process.stdout.write(`${label}: `);
  }
  process.stdout.write(`measuring ${settings.durationS} s… `);
  const cpuBefore = target.pid === undefined ? null : await processCpuSeconds(target.pid);
  const run = await fire(target.url, options, target.headers, settings.connections, { seconds: settings.durationS });
  const cpuAfter = target.pid === undefined ? null : await processCpuSeconds(target.pid);
  const m = measurement(scenario, backend, run.result, run.latenciesMs);
  if (cpuBefore !== null && cpuAfter !== null && m.requests > 0) m.cpuUsPerRequest = ((cpuAfter - cpuBefore) * 1e6) / m.requests;
  printed(m);
  return m;
}

/** The one-line result printed after a measured run. */
export function printed(m: Measurement): void {
  const issue = problems(m);
  const rate = m.unit === 'MiB/s' ? `${m.rate.toFixed(1)} MiB/s` : `${Math.round(m.rate).toLocaleString('en-GB')} ${m.unit}`;
  const cpu = m.cpuUsPerRequest === undefined ? '' : `, ${Math.round(m.cpuUsPerRequest)} µs CPU/req`;
  console.log(`${rate}, p50 ${m.p50Ms.toFixed(2)} ms, p99 ${m.p99Ms.toFixed(2)} ms${cpu}${m.summary ? `; ${m.summary}` : ''}${issue ? `  !! ${issue}` : ''}`);
}
