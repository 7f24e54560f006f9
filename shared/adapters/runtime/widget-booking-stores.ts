import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoAppointmentStore } from '#shared/adapters/dynamodb/appointment-store';
import { DynamoBookingRequestStore } from '#shared/adapters/dynamodb/booking-request-store';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { DynamoLeadStore } from '#shared/adapters/dynamodb/lead-store';
import type { BookingEffectsDependencies } from '#shared/domain/widget/booking-effects';
import type { WidgetDependencies } from '#shared/domain/widget/widget-sessions';

/** The stores a widget booking writes to beyond its session: its lead and ids, its appointment, its booking request. */
export interface WidgetBookingStores
  extends Pick<WidgetDependencies, 'leadIds'>,
    Pick<BookingEffectsDependencies, 'leads' | 'bookingRequests' | 'appointments' | 'recoveryOutreach'> {}

/**
 * Built with the widget's first booking (widget-dependencies.ts imports this module then): a
 * session's other requests (its start, slots, steps, reads and resumes, most of the widget's) read
 * none of these stores, whose modules and stored-item schemas are most of what the widget API's
 * stores would otherwise read at cold start.
 */
export function widgetBookingStores(
  client: DynamoDBDocumentClient,
  tables: { readonly leads: string; readonly sessions: string; readonly outbox: string },
): WidgetBookingStores {
  const intake = new DynamoIntakeStore(client, tables.leads);
  return {
    leadIds: intake,
    recoveryOutreach: async (stlCallId: number) => (await intake.getLeadByStlCallId(stlCallId))?.outreach ?? null,
    leads: new DynamoLeadStore(client, tables.leads),
    bookingRequests: new DynamoBookingRequestStore(client, tables.sessions),
    appointments: new DynamoAppointmentStore(client, { leads: tables.leads, outbox: tables.outbox }),
  };
}
