import { DynamoBookingRequestStore } from '#shared/adapters/dynamodb/booking-request-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoSchedulerConfigStore } from '#shared/adapters/dynamodb/scheduler-config-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { lazy } from '#shared/lazy';
import type { BookingRequestStore } from '#shared/ports/booking-request-store';
import type { SchedulerConfigStore } from '#shared/ports/scheduler-config-store';

/** What the scheduler configuration reads need: the configurations in the teams table. */
export interface SchedulerReadDependencies {
  readonly schedulers: Pick<SchedulerConfigStore, 'listSchedulers' | 'getScheduler'>;
}

/** What the booking request list needs: the requests in the sessions table. */
export interface BookingRequestReadDependencies {
  readonly bookingRequests: Pick<BookingRequestStore, 'listBookingRequests'>;
}

/**
 * The scheduler configurations (list-team-schedulers, get-booking-page). Call it at module load:
 * the teams table is looked up then (a function whose row lacks it fails to load, as in AWS); the
 * store is built on the first call of the returned function and kept for the container's life.
 */
export function schedulerDependencies(): () => SchedulerReadDependencies {
  const teams = physicalTableName('teams');
  return lazy(() => ({ schedulers: new DynamoSchedulerConfigStore(getDocumentClient(), teams) }));
}

/**
 * The booking requests (list-team-booking-requests): an accessor of its own, since they are in the
 * sessions table, which the functions reading scheduler configurations do not declare.
 */
export function bookingRequestDependencies(): () => BookingRequestReadDependencies {
  const sessions = physicalTableName('sessions');
  return lazy(() => ({ bookingRequests: new DynamoBookingRequestStore(getDocumentClient(), sessions) }));
}
