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
  if (!baseClient) {
    const endpoint = process.env.DYNAMODB_ENDPOINT;
    baseClient = new DynamoDBClient(
      endpoint
        ? {
            endpoint,
            region: process.env.AWS_REGION ?? 'local',
            credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
          }
        : {},
    );
    // The SDK's logger middleware builds a redacted copy of every request and response even with
    // its no-op logger (a measured 7% of a list request's CPU); the service logs for itself.
    baseClient.middlewareStack.remove('loggerMiddleware');
  }
  return baseClient;
}

/** One document client per process, over the client above. */
export function getDocumentClient(): DynamoDBDocumentClient {
  documentClient ??= DynamoDBDocumentClient.from(getDynamoDBClient(), {
    marshallOptions: { removeUndefinedValues: true },
  });
  return documentClient;
}
