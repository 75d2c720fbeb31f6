import { ConfigError, loadConfig } from './config.ts';
import { banner, bootstrap } from './bootstrap.ts';
import { buildApp } from './http/app.ts';
import { openDatabase } from './store/open.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDatabase(config);
  const boot = await bootstrap(config, db);
  const app = await buildApp({ config, db, adminTokenHash: boot.adminTokenHash });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(banner(config, boot));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Start-up failed: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  process.exit(1);
});
