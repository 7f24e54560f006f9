import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { AppointmentChangeWrite, SchedulerSlot } from '#shared/ports/appointment-store';
import { toAppointmentItem } from './appointment-items';
import { outboxPuts } from './outbox';
import { slotAttribute, slotPk, toWidgetSessionItem } from './widget-session-items';

/**
 * The transaction of one appointment change (appointment-store.ts changeAppointment): the place
 * taken first, then the place freed, the appointment, the session, the events. Taking the new place
 * and freeing the old in the same transaction as the record is what lets racing customers for a
 * slot's last place have exactly one winner, and a cancelled visit's place be offered again at once.
 */
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

export interface ChangeTables {
  readonly leads: string;
  readonly sessions: string;
  readonly outbox: string;
}

function freeItem(tables: ChangeTables, teamId: number, free: SchedulerSlot): TransactItem {
  return {
    Update: {
      TableName: tables.sessions,
      Key: { pk: slotPk(teamId, free.schedulerId), sk: free.date },
      // Never below zero: a place is freed only where one is held.
      UpdateExpression: 'ADD #slot :minus',
      ConditionExpression: '#slot > :zero',
      ExpressionAttributeNames: { '#slot': slotAttribute(free.time) },
      ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
    },
  };
}

/** The slot-counter updates of a change: the place taken (its index) and the place freed. */
function placeItems(change: AppointmentChangeWrite, tables: ChangeTables): { items: TransactItem[]; takeAt: number } {
  const teamId = change.next.appointment.team_id;
  const items: TransactItem[] = [];
  const { take, free } = change;
  let takeAt = -1;
  if (take && free && take.schedulerId === free.schedulerId && take.date === free.date) {
    // One counter row holds both places: a transaction may touch an item only once.
    takeAt = items.length;
    items.push({
      Update: {
        TableName: tables.sessions,
        Key: { pk: slotPk(teamId, take.schedulerId), sk: take.date },
        UpdateExpression: 'ADD #take :one, #free :minus',
        ConditionExpression: '(attribute_not_exists(#take) OR #take < :capacity) AND #free > :zero',
        ExpressionAttributeNames: { '#take': slotAttribute(take.time), '#free': slotAttribute(free.time) },
        ExpressionAttributeValues: { ':one': 1, ':minus': -1, ':capacity': take.capacity, ':zero': 0 },
      },
    });
  } else {
    if (take) {
      takeAt = items.length;
      items.push({
        Update: {
          TableName: tables.sessions,
          Key: { pk: slotPk(teamId, take.schedulerId), sk: take.date },
          UpdateExpression: 'ADD #slot :one',
          ConditionExpression: 'attribute_not_exists(#slot) OR #slot < :capacity',
          ExpressionAttributeNames: { '#slot': slotAttribute(take.time) },
          ExpressionAttributeValues: { ':one': 1, ':capacity': take.capacity },
        },
      });
    }
    if (free) items.push(freeItem(tables, teamId, free));
  }
  return { items, takeAt };
}

/** The items, and which of them is which (for reading a cancelled transaction's reasons). */
export function changeItems(
  change: AppointmentChangeWrite,
  tables: ChangeTables,
): { items: TransactItem[]; takeAt: number; recordAt: number; sessionAt: number } {
  const { items, takeAt } = placeItems(change, tables);
  const recordAt = items.length;
  items.push({
    Put: {
      TableName: tables.leads,
      Item: toAppointmentItem({ ...change.next, version: change.previous.version + 1 }),
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': change.previous.version },
    },
  });
  let sessionAt = -1;
  if (change.session) {
    sessionAt = items.length;
    const { previous, next } = change.session;
    items.push({
      Put: {
        TableName: tables.sessions,
        Item: toWidgetSessionItem({ ...previous, session: next, version: previous.version + 1 }),
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': previous.version },
      },
    });
  }
  items.push(...outboxPuts(change.events, tables.outbox));
  return { items, takeAt, recordAt, sessionAt };
}
