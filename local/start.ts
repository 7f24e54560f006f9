import * as path from 'node:path';
import { startLocalService } from './service';

/**
 * `npm start`: the service on one port with persistent local data.
 *   PORT      (default 3000)
 *   DATA_DIR  (default .data) DynamoDB files, cursor secret, demo credentials
 *   LOG_LEVEL (default warn for the handlers)
 *   AUTHORIZER_CACHE_TTL_SECONDS (default 300; 0 makes key revocation immediate)
 */
async function main(): Promise<void> {
  const startedAt = performance.now();
  const port = Number(process.env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${process.env.PORT}`);
  const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
  process.env.LOG_LEVEL ??= 'warn';

  const service = await startLocalService({ port, dataDir, seed: true });
  const ms = Math.round(performance.now() - startedAt);

  process.stdout.write(
    [
      `Local service listening on ${service.url} (started in ${ms} ms)`,
      `  read API      ${service.url}/api/...`,
      `  platform API  ${service.url}/v1/...`,
      `  intake API    ${service.url}/api/outbound/...`,
      `  data          ${dataDir}`,
      `  demo API keys ${service.credentialsPath ?? '(seeding off)'}`,
      '',
    ].join('\n'),
  );

  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) {
      process.stderr.write(`${signal} again: exiting now\n`);
      process.exit(1);
    }
    stopping = true;
    process.stdout.write(`${signal}: stopping\n`);
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`shutdown failed: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error: unknown) => {
  process.stderr.write(`local service failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
