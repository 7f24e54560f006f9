import type { DynamoDBRecord } from 'aws-lambda';
import { dueEventOfStreamRecord, toOutboxItem } from '#shared/adapters/dynamodb/outbox';

type Image = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;

const EVENT = { type: 'lead.created', detail: { event_id: 'evt-1', lead: { name: '', tags: [null] } } };
const item = toOutboxItem(EVENT);
const image = (overrides: Partial<Record<'state' | 'detail' | 'type', string>> = {}): Image => ({
  pk: { S: item.pk },
  event_id: { S: item.event_id },
  type: { S: overrides.type ?? item.type },
  detail: { S: overrides.detail ?? item.detail },
  state: { S: overrides.state ?? item.state },
});
const record = (eventName: DynamoDBRecord['eventName'], newImage?: Image): DynamoDBRecord => ({
  eventName,
  dynamodb: { SequenceNumber: '1', Keys: { pk: { S: item.pk } }, ...(newImage ? { NewImage: newImage } : {}) },
});

describe('dueEventOfStreamRecord', () => {
  it('reads the event an inserted or re-due item makes due, its detail byte for byte', () => {
    expect(dueEventOfStreamRecord(record('INSERT', image()))).toEqual({ eventId: 'evt-1', type: 'lead.created', detail: EVENT.detail });
    expect(dueEventOfStreamRecord(record('MODIFY', image()))?.eventId).toBe('evt-1');
  });

  it('reads nothing from marking sent, from expiry, or from an item that carries no event', () => {
    expect(dueEventOfStreamRecord(record('MODIFY', image({ state: 'sent' })))).toBeNull();
    expect(dueEventOfStreamRecord(record('REMOVE'))).toBeNull();
    expect(dueEventOfStreamRecord(record('INSERT', image({ type: '' })))).toBeNull();
    expect(dueEventOfStreamRecord(record('INSERT', image({ detail: 'not json' })))).toBeNull();
    expect(dueEventOfStreamRecord(record('INSERT', image({ detail: '[1]' })))).toBeNull();
  });
});
