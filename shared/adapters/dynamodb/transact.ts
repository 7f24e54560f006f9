import type { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { withRetries } from '#shared/domain/retry';

/** DynamoDB's limit on items in one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

export function isTransactionCancelled(error: unknown): error is TransactionCanceledException {
  return (error as Error)?.name === 'TransactionCanceledException';
}

/** A cancellation caused only by another transaction touching the same items (not by a condition). */
function isConflictOnly(error: unknown): boolean {
  if (!isTransactionCancelled(error)) return false;
  const codes = (error.CancellationReasons ?? []).map((r) => r.Code);
  return codes.includes('TransactionConflict') && !codes.includes('ConditionalCheckFailed');
}

/**
 * TransactWriteItems, retried with jittered backoff when DynamoDB cancels it only because a
 * concurrent transaction touched the same items (TransactionConflict). Condition failures are
 * returned to the caller at once: they are answers, not accidents.
 */
export function transactWrite(client: DynamoDBDocumentClient, input: TransactWriteCommandInput): Promise<unknown> {
  return withRetries(() => client.send(new TransactWriteCommand(input)), { attempts: 5, baseDelayMs: 25, isRetryable: isConflictOnly });
}
