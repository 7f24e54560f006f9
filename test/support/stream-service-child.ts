import { appendFileSync } from 'node:fs';
import { startLocalService } from '../../local/cli/service';

/**
 * A local service (as `npm start` runs it, on DATA_DIR) whose session-rollups consumer is a test
 * double: it appends each record it is handed to HANDLED_FILE (`<sequence number> <event> <sk>`),
 * then takes HANDLER_DELAY_MS before it answers, so a SIGKILL lands while a batch is handled and
 * before its checkpoint. Run by test/e2e/stream-crash-recovery.test.ts through service-process.ts.
 */
async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR;
  const handledFile = process.env.HANDLED_FILE;
  if (!dataDir || !handledFile) throw new Error('DATA_DIR and HANDLED_FILE are required');
  const delayMs = Number(process.env.HANDLER_DELAY_MS ?? 0);
  const service = await startLocalService({
    port: 0,
    dataDir,
    seed: false,
    streamBatchingWindowSeconds: 0.05,
    loadStreamHandler: () => async (event) => {
      const lines = event.Records.map((r) => `${r.dynamodb?.SequenceNumber} ${r.eventName} ${r.dynamodb?.Keys?.sk?.S}\n`);
      appendFileSync(handledFile, lines.join(''));
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { batchItemFailures: [] };
    },
  });
  process.stdout.write(
    `Local service listening on ${service.url}\nDynamoDB ${service.dynamoEndpoint}\nstreams ${JSON.stringify(service.restored.streams)}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`stream service child failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
