import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { APPOINTMENT_INDEXES, appointmentsByPhonePk } from './appointment-keys';

/** Index rows read per page while looking for a number's next visit. */
const PHONE_PAGE = 10;

/**
 * The id of a team's next visit for a number (E.164) that starts after `after` and is scheduled
 * or confirmed, from the sparse `appointmentsByPhone` index; null when there is none. It reads the
 * index alone, not the appointment item (appointment-item-read.ts): the inbound-SMS webhook looks
 * a number up on every text and reads a visit only for the numbers that have one.
 */
export async function nextAppointmentIdForPhone(
  client: DynamoDBDocumentClient,
  leadsTable: string,
  query: { readonly teamId: number; readonly phone: string; readonly after: Date },
): Promise<string | null> {
  let start: Record<string, unknown> | undefined;
  // A number's visits are few; the filter skips its cancelled and past ones page by page.
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: leadsTable,
        IndexName: APPOINTMENT_INDEXES.byPhone.name,
        KeyConditionExpression: '#pk = :pk AND #sk > :after',
        FilterExpression: '#status IN (:scheduled, :confirmed)',
        ExpressionAttributeNames: {
          '#pk': APPOINTMENT_INDEXES.byPhone.partitionKeyName,
          '#sk': APPOINTMENT_INDEXES.sortKeyName,
          '#status': 'status',
        },
        ExpressionAttributeValues: {
          ':pk': appointmentsByPhonePk(query.teamId, query.phone),
          ':after': query.after.toISOString(),
          ':scheduled': 'scheduled',
          ':confirmed': 'confirmed',
        },
        ScanIndexForward: true,
        Limit: PHONE_PAGE,
        ExclusiveStartKey: start,
      }),
    );
    const first = page.Items?.[0];
    if (first) return String(first.appointment_id);
    start = page.LastEvaluatedKey;
  } while (start);
  return null;
}
