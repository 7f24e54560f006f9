import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AppointmentChange, StoredAppointment } from '#shared/domain/appointments/appointment';
import type {
  AppointmentChangeResult,
  AppointmentChangeWrite,
  AppointmentListQuery,
  AppointmentStore,
  PositionedAppointment,
} from '#shared/ports/appointment-store';
import type { DomainEvent } from '#shared/ports/event-bus';
import { changeItems } from './appointment-changes';
import { fromAppointmentItem } from './appointment-item-read';
import { appointmentCreateItems, toAppointmentItem } from './appointment-items';
import { APPOINTMENT_INDEXES, appointmentKey, appointmentsPk } from './appointment-keys';
import { nextAppointmentIdForPhone } from './appointment-phone-index';
import { batchPut } from './batch-write';
import { changeSortKey, timeSortKey } from './keys';
import { changeWindowRange, readTimeOrdered } from './time-range';
import { isTransactionCancelled, transactWrite } from './transact';

/** Writes of a history note before giving up to a stream of concurrent changes (the next redelivery notes it). */
const NOTE_ATTEMPTS = 3;

/** Appointments in the leads table (keys and indexes: appointment-items.ts). */
export class DynamoAppointmentStore implements AppointmentStore {
  constructor(
    private readonly client: DynamoDBDocumentClient,
    /**
     * The outbox only where appointments are written (their events are due in the same write); the
     * sessions table only where they change (the slot counters and the session that follows).
     */
    private readonly tables: { readonly leads: string; readonly outbox?: string; readonly sessions?: string },
  ) {}

  private outbox(): string {
    if (!this.tables.outbox) throw new Error('DynamoAppointmentStore needs the outbox table to write appointments');
    return this.tables.outbox;
  }

  async createAppointment(stored: StoredAppointment, events: readonly DomainEvent[]): Promise<boolean> {
    const tables = { leads: this.tables.leads, outbox: this.outbox() };
    try {
      await transactWrite(this.client, { TransactItems: appointmentCreateItems(stored, events, tables) });
      return true;
    } catch (error) {
      if (isTransactionCancelled(error) && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
      throw error;
    }
  }

  async getAppointment(appointmentId: string): Promise<StoredAppointment | null> {
    const result = await this.client.send(
      new GetCommand({ TableName: this.tables.leads, Key: appointmentKey(appointmentId), ConsistentRead: true }),
    );
    return result.Item ? fromAppointmentItem(result.Item) : null;
  }

  async changeAppointment(change: AppointmentChangeWrite): Promise<AppointmentChangeResult> {
    if (!this.tables.sessions) throw new Error('DynamoAppointmentStore needs the sessions table to change appointments');
    const tables = { leads: this.tables.leads, sessions: this.tables.sessions, outbox: this.outbox() };
    const { items, takeAt, recordAt, sessionAt } = changeItems(change, tables);
    try {
      await transactWrite(this.client, { TransactItems: items });
      return 'changed';
    } catch (error) {
      if (!isTransactionCancelled(error)) throw error;
      const failed = (at: number) => at >= 0 && error.CancellationReasons?.[at]?.Code === 'ConditionalCheckFailed';
      if (failed(recordAt) || failed(sessionAt)) return 'changed_meanwhile';
      if (failed(takeAt)) return 'slot_full';
      throw error;
    }
  }

  async noteText(teamId: number, appointmentId: string, line: { key: string; at: string; note: string }): Promise<void> {
    // Read first: the line names the visit's start as it is. The write bumps the version, so a
    // change read before it is written again from the record with the note, never over it.
    for (let attempt = 0; attempt < NOTE_ATTEMPTS; attempt++) {
      const stored = await this.getAppointment(appointmentId);
      if (!stored || stored.appointment.team_id !== teamId) return;
      const now = new Date().toISOString();
      const change: AppointmentChange = {
        change: 'note',
        at: line.at,
        by: 'system',
        starts_at: stored.appointment.starts_at,
        previous_starts_at: null,
        note: line.note,
      };
      try {
        await this.client.send(
          new UpdateCommand({
            TableName: this.tables.leads,
            Key: appointmentKey(appointmentId),
            // A note is a change of the visit (its history): the change feed lists it again.
            UpdateExpression:
              'SET history = list_append(history, :line), version = :next, updated_at = :now, apptChangeSk = :changeSk ADD text_notes :key',
            ConditionExpression: 'version = :version AND NOT contains(text_notes, :keyValue)',
            ExpressionAttributeValues: {
              ':line': [change],
              ':now': now,
              ':changeSk': changeSortKey(now, timeSortKey(stored.appointment.starts_at, teamId, appointmentId)),
              ':next': stored.version + 1,
              ':version': stored.version,
              ':key': new Set([line.key]),
              ':keyValue': line.key,
            },
          }),
        );
        return;
      } catch (error) {
        if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) throw error;
        const again = await this.getAppointment(appointmentId);
        if (again && again.version === stored.version) return; // the note was there already
      }
    }
  }

  async nextForPhone(teamId: number, phone: string, after: Date): Promise<StoredAppointment | null> {
    const appointmentId = await nextAppointmentIdForPhone(this.client, this.tables.leads, { teamId, phone, after });
    // The index holds a projection of the write; the record itself is read consistently.
    return appointmentId === null ? null : this.getAppointment(appointmentId);
  }

  async putAppointments(appointments: readonly StoredAppointment[]): Promise<void> {
    await batchPut(this.client, this.tables.leads, appointments.map(toAppointmentItem));
  }

  async listAppointments(q: AppointmentListQuery): Promise<PositionedAppointment[]> {
    const index = q.changedIn ? APPOINTMENT_INDEXES.byChange : q.status ? APPOINTMENT_INDEXES.byStatus : APPOINTMENT_INDEXES.byStart;
    const sortKeyName = q.changedIn ? APPOINTMENT_INDEXES.changeSortKeyName : APPOINTMENT_INDEXES.sortKeyName;
    const items = await readTimeOrdered(this.client, {
      tableName: this.tables.leads,
      indexName: index.name,
      partitionKeyName: index.partitionKeyName,
      partitionKeyValue: appointmentsPk(q.teamId, q.changedIn ? undefined : q.status),
      sortKeyName,
      ...(q.changedIn ? changeWindowRange(q.changedIn) : { start: q.start, end: q.end }),
      after: q.after,
      want: q.limit + 1,
    });
    return items.map((item) => ({ stored: fromAppointmentItem(item), position: String(item[sortKeyName]) }));
  }
}
