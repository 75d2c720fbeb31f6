import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { banner, bootstrap } from './bootstrap.ts';
import { buildApp, buildWorkerServer } from './app.ts';
import { loggerOptions } from './http/logging.ts';
import { openDatabase } from './store/open.ts';
import { loadDecisionPolicy } from './services/policy-loader.ts';
import { loadPayeeCheck } from './services/payee-check.ts';
import { startWorker, type Worker } from './worker/worker.ts';
import { loadTracing } from './observability/tracing.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino(loggerOptions(config.logLevel));
  if (config.decisionPolicyModule) {
    const policy = await loadDecisionPolicy(config.decisionPolicyModule);
    log.info({ policy: policy.name }, 'decision policy replaced');
  }
  if (config.payeeCheckModule) {
    const check = await loadPayeeCheck(config.payeeCheckModule);
    log.info({ payee_check: check.name }, 'payee name check plugged in');
  }
  const serveApi = config.role !== 'worker';
  // The port is taken before anything is created: a start that cannot listen creates no tokens
  // it could not print. A worker listens too: it serves the health routes (section 25).
  const reservation = await reservePort(config.port, config.host);
  // Null unless OTEL_EXPORTER_OTLP_ENDPOINT is set: then, and only then, the OpenTelemetry SDK is loaded.
  const tracing = await loadTracing(config);
  if (tracing) log.info({ service_name: config.otelServiceName }, 'tracing on: spans sent with OTLP');
  const { db, queue } = await openDatabase(config);
  const boot = await bootstrap(config, db);
  const server = serveApi ? await buildApp({ config, db, adminTokenHash: boot.adminTokenHash, tracing }) : await buildWorkerServer({ config, db });
  const ctx = { db, now: () => new Date() };
  const worker: Worker | null =
    config.role !== 'api' ? await startWorker({ config, db, backend: queue, ctx, log: log.child({ component: 'worker' }), tracing }) : null;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // Readiness answers 503 from now on; for SHUTDOWN_DELAY_MS the server still serves, so a load
    // balancer that probes readiness stops sending here before connections are refused.
    server.serving.stop();
    log.info({ signal, delay_ms: config.shutdownDelayMs }, 'shutting down: not ready, then no new connections, finishing requests and deliveries in flight');
    try {
      if (config.shutdownDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
      if (serveApi) await server.close();
      await worker?.stop();
      if (!serveApi) await server.close();
      await db.close();
      // The spans still waiting are sent before the process ends.
      await tracing?.shutdown();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await closeServer(reservation);
  try {
    await server.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Taken in the instant between the reservation and the listen: tokens created now are
    // printed anyway, since they are stored only as hashes.
    if (serveApi) process.stderr.write(banner(config, boot).replace(/^.*listening.*$/m, 'Not listening: the port was taken during start-up.'));
    throw error;
  }
  if (serveApi) {
    process.stdout.write(banner(config, boot));
  } else {
    log.info(
      { port: (server.server.address() as { port: number } | null)?.port },
      'worker started (ROLE=worker): delivering webhooks and running sweeps; health on PORT',
    );
  }
}

/**
 * Listens on the port with a bare server, so that a port in use stops the start before anything is
 * created. A connection made meanwhile is closed at once (the client sees the server as not up yet,
 * rather than waiting on a socket nobody answers).
 */
async function reservePort(port: number, host: string): Promise<Server> {
  const server = createServer((socket) => socket.destroy());
  try {
    server.listen({ port, host, exclusive: true });
    await once(server, 'listening');
  } catch (error) {
    if ((error as { code?: string }).code === 'EADDRINUSE') {
      throw new ConfigError([`port ${port} on ${host} is already in use: stop what uses it, or set PORT to another port (nothing was created)`]);
    }
    throw error;
  }
  return server;
}

async function closeServer(server: Server): Promise<void> {
  await new Promise((resolve) => server.close(resolve));
}

/** Starts the server by ROLE; a start that fails prints why and exits 1. */
export function runServer(): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
    }
    process.exit(1);
  });
}
