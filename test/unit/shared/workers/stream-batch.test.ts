import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { processStreamBatch } from '#shared/workers/stream-batch';

const streamEvent = (...sequenceNumbers: string[]): DynamoDBStreamEvent => ({
  Records: sequenceNumbers.map((n) => ({ eventName: 'INSERT', eventSource: 'aws:dynamodb', dynamodb: { SequenceNumber: n } })),
});

const sequenceOf = (record: DynamoDBRecord): string => record.dynamodb?.SequenceNumber ?? '';

describe('processStreamBatch', () => {
  it('in order: stops at the first record that fails and reports it and every later one, running none of them', async () => {
    const ran: string[] = [];
    const response = await processStreamBatch(streamEvent('1', '2', '3'), { inOrder: true }, () => async (record) => {
      ran.push(sequenceOf(record));
      if (sequenceOf(record) === '2') throw new Error('refused');
    });
    expect(ran).toEqual(['1', '2']);
    expect(response.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['2', '3']);
  });

  it('concurrently: runs every record and reports only those that failed', async () => {
    const ran: string[] = [];
    const response = await processStreamBatch(streamEvent('1', '2', '3'), { inOrder: false }, () => async (record) => {
      ran.push(sequenceOf(record));
      if (sequenceOf(record) === '2') throw new Error('not recomputed');
    });
    expect(ran.sort()).toEqual(['1', '2', '3']);
    expect(response.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['2']);
  });

  it('reports a batch that failed whole instead of throwing, and hands the batch to the consumer once', async () => {
    const planned: number[] = [];
    const seen: number[] = [];
    const response = await processStreamBatch(
      streamEvent('7', '8'),
      { inOrder: false, afterBatch: (r) => seen.push(r.batchItemFailures.length) },
      (records) => {
        planned.push(records.length);
        return async () => Promise.reject(new Error('down'));
      },
    );
    expect(planned).toEqual([2]);
    expect(seen).toEqual([2]);
    expect(response.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['7', '8']);
  });

  it('answers no failures for an empty batch', async () => {
    const response = await processStreamBatch(streamEvent(), { inOrder: true }, () => async () => undefined);
    expect(response).toEqual({ batchItemFailures: [] });
  });
});
