import type { DynamoDBRecord } from 'aws-lambda';
import { sessionChangeOfStreamRecord } from '#shared/adapters/dynamodb/session-store';

type Image = NonNullable<NonNullable<DynamoDBRecord['dynamodb']>['NewImage']>;

const at = (teamId: number, startedAt: string): Image => ({ team_id: { N: String(teamId) }, started_at: { S: startedAt } });

describe('sessionChangeOfStreamRecord', () => {
  it('places a changed session where it was and where it is', () => {
    const change = sessionChangeOfStreamRecord({
      eventName: 'MODIFY',
      dynamodb: { SequenceNumber: '42', OldImage: at(1, '2026-03-01T10:00:00.000Z'), NewImage: at(2, '2026-03-02T11:00:00.000Z') },
    });
    expect(change).toEqual({
      sequenceNumber: '42',
      placements: [
        { teamId: 1, startedMs: Date.parse('2026-03-01T10:00:00.000Z') },
        { teamId: 2, startedMs: Date.parse('2026-03-02T11:00:00.000Z') },
      ],
    });
  });

  it('places nothing for an image without a team or a start (a new row has no old image)', () => {
    const change = sessionChangeOfStreamRecord({
      eventName: 'INSERT',
      dynamodb: { SequenceNumber: '43', NewImage: { team_id: { N: '1' } } },
    });
    expect(change).toEqual({ sequenceNumber: '43', placements: [] });
  });
});
