import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

let documentClient: DynamoDBDocumentClient | undefined;

/**
 * One document client per process. `DYNAMODB_ENDPOINT` points it at the local emulator; in AWS it
 * is unset and the SDK uses the regional endpoint and the function's role.
 */
export function getDocumentClient(): DynamoDBDocumentClient {
  if (!documentClient) {
    const endpoint = process.env.DYNAMODB_ENDPOINT;
    const client = new DynamoDBClient(
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
    client.middlewareStack.remove('loggerMiddleware');
    documentClient = DynamoDBDocumentClient.from(client, {
      marshallOptions: { removeUndefinedValues: true },
    });
  }
  return documentClient;
}
