import type { BookingRequest, BookingRequestStatus } from '#shared/domain/schedulers';

export interface BookingRequestListQuery {
  readonly teamId: number;
  readonly status?: BookingRequestStatus;
  readonly schedulerId?: number;
  /** Inclusive lower bound on requested_at (ISO instant). */
  readonly start?: string;
  /** Exclusive upper bound on requested_at (ISO instant). */
  readonly end?: string;
  /** Cursor position: only rows strictly after it in list order. */
  readonly after?: string;
  /** Returns up to limit + 1 rows so the caller can tell whether there is more. */
  readonly limit: number;
}

export interface PositionedBookingRequest {
  readonly request: BookingRequest;
  readonly position: string;
}

/** Booking requests sent to the field-service system, per team, newest requested_at first. */
export interface BookingRequestStore {
  listBookingRequests(query: BookingRequestListQuery): Promise<PositionedBookingRequest[]>;
  /**
   * Records a request (pending when sent, then its answer): the stored copy moves from
   * `previousStatus`'s lists to its status's lists in one transaction, and is refused (returns
   * false) when the stored request is no longer in `previousStatus` (a racing or replayed answer).
   */
  recordBookingRequest(request: BookingRequest, previousStatus: BookingRequestStatus | null): Promise<boolean>;
  /** Bulk write of new requests (seed and imports); not conditional. */
  putBookingRequests(requests: readonly BookingRequest[]): Promise<void>;
}
