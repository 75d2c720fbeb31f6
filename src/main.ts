import pino from 'pino';
import { ConfigError, loadConfig } from './config.ts';
import { banner, bootstrap } from './bootstrap.ts';
import { buildApp } from './http/app.ts';
import { loggerOptions } from './http/logging.ts';
import { openDatabase } from './store/open.ts';
import { loadDecisionPolicy } from './services/policy-loader.ts';
import { startWorker, type Worker } from './worker/worker.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const log = pino(loggerOptions(config.logLevel));
  if (config.decisionPolicyModule) {
    const policy = await loadDecisionPolicy(config.decisionPolicyModule);
    log.info({ policy: policy.name }, 'decision policy replaced');
  }
  const { db, queue } = await openDatabase(config);
  const boot = await bootstrap(config, db);
  const serveHttp = config.role !== 'worker';
  const app = serveHttp ? await buildApp({ config, db, adminTokenHash: boot.adminTokenHash }) : null;
  const ctx = { db, now: () => new Date() };
  const worker: Worker | null =
    config.role !== 'api' ? await startWorker({ config, db, backend: queue, ctx, log: log.child({ component: 'worker' }) }) : null;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: no new connections, finishing requests and deliveries in flight');
    try {
      await app?.close();
      await worker?.stop();
      await db.close();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  if (app) {
    await app.listen({ port: config.port, host: config.host });
    process.stdout.write(banner(config, boot));
  } else {
    log.info('worker started (ROLE=worker): delivering webhooks and running sweeps');
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});
