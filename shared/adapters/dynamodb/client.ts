import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

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

function newDynamoDBClient(env: Readonly<Record<string, string | undefined>>): DynamoDBClient {
  const endpoint = env.DYNAMODB_ENDPOINT;
  const client = new DynamoDBClient(
    endpoint
      ? {
          endpoint,
          region: env.AWS_REGION ?? 'local',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {},
  );
  // The SDK's logger middleware builds a redacted copy of every request and response even with
  // its no-op logger (a measured 7% of a list request's CPU); the service logs for itself.
  client.middlewareStack.remove('loggerMiddleware');
  return client;
}

function documentClientOver(base: DynamoDBClient): DynamoDBDocumentClient {
  return DynamoDBDocumentClient.from(base, { marshallOptions: { removeUndefinedValues: true } });
}
