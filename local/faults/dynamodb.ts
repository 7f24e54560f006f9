import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';
import { FAULT_TIMEOUT_MS, type FaultInjector } from './injector';

/**
 * DynamoDB's everyday failures, on the embedded DynamoDB's wire (FAULTS `dynamodb.*`), so the real
 * SDK client meets them exactly as it would in AWS and its retry strategy is the one exercised:
 *
 * - `throttle`: HTTP 400 `ProvisionedThroughputExceededException`, now and then `ThrottlingException`
 *   or `RequestLimitExceeded` (the account limit), the three codes DynamoDB throttles with;
 * - `5xx`: HTTP 500 `InternalServerError`;
 * - `timeout`: no answer; the connection is closed after FAULT_TIMEOUT_MS (the request was never
 *   applied, so a retry is safe);
 * - `conflict` (TransactWriteItems only, see local/dynamodb/transactions.ts): `TransactionCanceledException`
 *   with a `TransactionConflict` reason, as when another transaction holds one of the items.
 *
 * Only the data operations of the service's tables fail. The local runtime's own state (the local
 * queues, scheduler and stream checkpoints stand in for SQS, EventBridge Scheduler and Lambda's
 * event source mappings, which do not fail this way) is sent with the RUNTIME_CLIENT_HEADER and
 * never fails; nor do table management and the Streams API.
 */
export const RUNTIME_CLIENT_HEADER = 'x-local-runtime';

const DATA_OPERATIONS = new Set([
  'GetItem',
  'PutItem',
  'UpdateItem',
  'DeleteItem',
  'Query',
  'Scan',
  'BatchGetItem',
  'BatchWriteItem',
  'TransactWriteItems',
  'TransactGetItems',
]);
const PREFIX = 'DynamoDB_20120810.';

/** Which throttle answers, in turn: mostly the table's own, now and then the other two. */
const THROTTLE_PATTERN = [0, 0, 0, 1, 0, 0, 0, 2] as const;
const THROTTLES = [
  {
    type: 'ProvisionedThroughputExceededException',
    message:
      'The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.',
  },
  { type: 'ThrottlingException', message: 'Throughput exceeds the current capacity of your table or index.' },
  { type: 'RequestLimitExceeded', message: 'Throughput exceeds the current throughput limit for your account.' },
];

/** Puts the fault layer in front of every request listener of the server. */
export function installFaults(server: Server, faults: FaultInjector): void {
  const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  let throttles = 0;
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const target = req.headers['x-amz-target'];
    const operation = typeof target === 'string' && target.startsWith(PREFIX) ? target.slice(PREFIX.length) : '';
    const fault =
      DATA_OPERATIONS.has(operation) && req.headers[RUNTIME_CLIENT_HEADER] === undefined
        ? faults.draw('dynamodb', ['throttle', '5xx', 'timeout'], { operation })
        : null;
    if (fault === null) {
      for (const listener of listeners) listener.call(server, req, res);
      return;
    }
    req.resume();
    if (fault === 'timeout') {
      setTimeout(() => req.socket.destroy(), FAULT_TIMEOUT_MS).unref();
      return;
    }
    if (fault === '5xx') {
      send(res, 500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'Internal server error' });
      return;
    }
    const throttle = THROTTLES[THROTTLE_PATTERN[throttles++ % THROTTLE_PATTERN.length] ?? 0] ?? {
      type: 'ThrottlingException',
      message: '',
    };
    send(res, 400, { __type: `com.amazonaws.dynamodb.v20120810#${throttle.type}`, message: throttle.message });
  });
}

/** The TransactionCanceledException of a transaction that met another one on its last item. */
export function transactionConflict(itemCount: number): Error & { statusCode: number; body: Record<string, unknown> } {
  const reasons = Array.from({ length: itemCount }, (_, i) =>
    i === itemCount - 1 ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' } : { Code: 'None' },
  );
  return Object.assign(new Error('Transaction cancelled'), {
    statusCode: 400,
    body: {
      __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
      message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((r) => r.Code).join(', ')}]`,
      CancellationReasons: reasons,
    },
  });
}

function send(res: ServerResponse, statusCode: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(statusCode, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': Buffer.byteLength(text),
    'x-amz-crc32': String(crc32(text)),
    'x-amzn-requestid': Math.random().toString(36).slice(2).toUpperCase().padEnd(12, '0'),
  });
  res.end(text);
}
