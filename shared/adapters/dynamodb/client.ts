import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { BudgetedRetryStrategy, REQUEST_PATH_BUDGET } from '#shared/adapters/aws/retry-strategy';

let baseClient: DynamoDBClient | undefined;
let documentClient: DynamoDBDocumentClient | undefined;

/**
 * One low-level DynamoDB client per process. `DYNAMODB_ENDPOINT` points it at the local emulator;
 * in AWS it is unset and the SDK uses the regional endpoint and the function's role. Libraries
 * that send marshalled commands themselves (Powertools' idempotency persistence layer) use it;
 * repositories use the document client below, which shares its configuration and middleware.
 */
export function getDynamoDBClient(): DynamoDBClient {
  baseClient ??= newDynamoDBClient(process.env);
  return baseClient;
}

/** One document client per process, over the client above. */
export function getDocumentClient(): DynamoDBDocumentClient {
  documentClient ??= documentClientOver(getDynamoDBClient());
  return documentClient;
}

/**
 * A new document client configured from `env` exactly as the process's own is from process.env, for
 * a process that must also reach a DynamoDB its environment does not name (the operator CLI opens
 * the local data folder with an emulator of its own). The caller owns it: destroy() closes it.
 */
export function createDocumentClient(env: Readonly<Record<string, string | undefined>>): DynamoDBDocumentClient {
  return documentClientOver(newDynamoDBClient(env));
}

/**
 * Retries and time-outs set on purpose (not the SDK's defaults: 3 attempts, no request time-out):
 * throttles (ProvisionedThroughputExceeded, Throttling, RequestLimitExceeded), 5xx and dropped or
 * silent connections are retried with jittered backoff within a 3 s budget per call, so a request
 * path that still fails answers 503 with Retry-After well inside its function's 10 s (docs/faults.md). A connection must open within 1 s and a response must start within 3 s.
 */
const RETRIES_AND_TIMEOUTS = {
  retryStrategy: new BudgetedRetryStrategy(REQUEST_PATH_BUDGET),
  requestHandler: { connectionTimeout: 1_000, requestTimeout: 3_000 },
};
/**
 * The embedded DynamoDB shares the machine's cores with every handler: under load it can take
 * seconds to start an answer it would give in milliseconds in AWS, and a 3 s time-out would then
 * retry work that is only queued. Its connection drops (FAULTS timeout) still end a call at once.
 */
const LOCAL_RETRIES_AND_TIMEOUTS = { ...RETRIES_AND_TIMEOUTS, requestHandler: { connectionTimeout: 1_000, requestTimeout: 30_000 } };

function newDynamoDBClient(env: Readonly<Record<string, string | undefined>>): DynamoDBClient {
  const endpoint = env.DYNAMODB_ENDPOINT;
  const client = new DynamoDBClient(
    endpoint
      ? {
          ...LOCAL_RETRIES_AND_TIMEOUTS,
          endpoint,
          region: env.AWS_REGION ?? 'local',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : RETRIES_AND_TIMEOUTS,
  );
  // The SDK's logger middleware builds a redacted copy of every request and response even with
  // its no-op logger (a measured 7% of a list request's CPU); the service logs for itself.
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

function documentClientOver(base: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
}
