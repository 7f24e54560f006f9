import { randomUUID } from 'node:crypto';
import type { _Record, AttributeValue as SdkAttributeValue } from '@aws-sdk/client-dynamodb-streams';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';

/**
 * What a Lambda event source mapping on a DynamoDB stream hands the function and its on-failure
 * destination, built from records as the Streams API client returns them.
 */

/** A record of a `DynamoDBStreamEvent`: the GetRecords record in Lambda's JSON (epoch seconds, base64 binaries) plus `eventSourceARN`. */
export function lambdaRecord(record: _Record, streamArn: string): DynamoDBRecord {
  const stream = record.dynamodb ?? {};
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion,
    eventSource: record.eventSource,
    awsRegion: record.awsRegion,
    dynamodb: {
      ApproximateCreationDateTime: stream.ApproximateCreationDateTime
        ? Math.floor(stream.ApproximateCreationDateTime.getTime() / 1000)
        : undefined,
      Keys: image(stream.Keys),
      ...(stream.NewImage ? { NewImage: image(stream.NewImage) } : {}),
      ...(stream.OldImage ? { OldImage: image(stream.OldImage) } : {}),
      SequenceNumber: stream.SequenceNumber,
      SizeBytes: stream.SizeBytes,
      StreamViewType: stream.StreamViewType,
    },
    eventSourceARN: streamArn,
  };
}

function image(attributes: Record<string, SdkAttributeValue> | undefined): Record<string, AttributeValue> | undefined {
  if (!attributes) return undefined;
  return Object.fromEntries(Object.entries(attributes).map(([name, value]) => [name, json(value)]));
}

/** The SDK's attribute value (binaries as bytes) as Lambda's JSON has it (binaries in base64). */
function json(value: SdkAttributeValue): AttributeValue {
  if (value.B !== undefined) return { B: Buffer.from(value.B).toString('base64') };
  if (value.BS !== undefined) return { BS: value.BS.map((b) => Buffer.from(b).toString('base64')) };
  if (value.L !== undefined) return { L: value.L.map(json) };
  if (value.M !== undefined) return { M: image(value.M) ?? {} };
  const { $unknown: _unknown, ...plain } = value as SdkAttributeValue & { $unknown?: unknown };
  return plain as AttributeValue;
}

/**
 * The invocation record Lambda sends to a stream mapping's on-failure destination when a range of
 * records is given up (metadata only, as in AWS: the records stay in the stream until trimmed).
 */
export interface StreamFailureRecord {
  readonly requestContext: {
    readonly requestId: string;
    readonly functionArn: string;
    readonly condition: 'RetryAttemptsExhausted';
    readonly approximateInvokeCount: number;
  };
  readonly responseContext: { readonly statusCode: number; readonly executedVersion: string; readonly functionError?: 'Unhandled' };
  readonly version: '1.0';
  readonly timestamp: string;
  readonly DDBStreamBatchInfo: {
    readonly shardId: string;
    readonly startSequenceNumber: string;
    readonly endSequenceNumber: string;
    readonly approximateArrivalOfFirstRecord: string;
    readonly approximateArrivalOfLastRecord: string;
    readonly batchSize: number;
    readonly streamArn: string;
  };
}

export function failureRecord(input: {
  readonly functionName: string;
  readonly streamArn: string;
  readonly shardId: string;
  readonly records: readonly _Record[];
  readonly invocations: number;
  /** The function threw (rather than reporting the records as failed). */
  readonly threw: boolean;
}): StreamFailureRecord {
  const { records, streamArn } = input;
  const first = records[0]?.dynamodb;
  const last = records[records.length - 1]?.dynamodb;
  const region = streamArn.split(':')[3] || 'local';
  const arrival = (at: Date | undefined) => (at ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return {
    requestContext: {
      requestId: randomUUID(),
      functionArn: `arn:aws:lambda:${region}:000000000000:function:${input.functionName}`,
      condition: 'RetryAttemptsExhausted',
      approximateInvokeCount: input.invocations,
    },
    responseContext: { statusCode: 200, executedVersion: '$LATEST', ...(input.threw ? { functionError: 'Unhandled' as const } : {}) },
    version: '1.0',
    timestamp: new Date().toISOString(),
    DDBStreamBatchInfo: {
      shardId: input.shardId,
      startSequenceNumber: first?.SequenceNumber ?? '',
      endSequenceNumber: last?.SequenceNumber ?? '',
      approximateArrivalOfFirstRecord: arrival(first?.ApproximateCreationDateTime),
      approximateArrivalOfLastRecord: arrival(last?.ApproximateCreationDateTime),
      batchSize: records.length,
      streamArn,
    },
  };
}
