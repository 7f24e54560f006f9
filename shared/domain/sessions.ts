/** A customer's journey through the scheduling widget (a Session). */
export const SESSION_STATUSES = ['booked', 'dropped_off', 'pending'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/**
 * Widget event types, in funnel order. `booking_started` is recorded when the customer picks a
 * slot, `customer_info_completed` when the contact form is complete, `booking_completed` when the
 * booking is confirmed; `session_abandoned` when the widget times out without a booking.
 */
export const SESSION_EVENT_TYPES = [
  'session_started',
  'issue_selected',
  'booking_started',
  'customer_info_completed',
  'booking_completed',
  'session_abandoned',
  'session_resumed',
  'recovery_sent',
] as const;

/** How a customer who left a booking unfinished was reached (a `recovery_sent` event's `channel`). */
export const RECOVERY_CHANNELS = ['text', 'call'] as const;
export type RecoveryChannel = (typeof RECOVERY_CHANNELS)[number];

/** One event of a session; `channel` only on `recovery_sent`. */
export interface SessionEvent {
  event_type: string;
  created_at: string;
  channel?: RecoveryChannel;
}

export interface CustomerInfo {
  name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
}

export interface Session {
  session_id: string;
  team_id: number;
  scheduler_id: number;
  status: SessionStatus;
  customer_info: CustomerInfo;
  issue_type: string | null;
  job_type: string | null;
  selected_date: string | null;
  selected_time: string | null;
  utm: { source: string | null; medium: string | null; campaign: string | null; term: string | null; content: string | null };
  google_ads: { gclid: string | null; wbraid: string | null; gbraid: string | null };
  st_job_id: number | null;
  started_at: string;
  completed_at: string | null;
  last_activity_at: string | null;
  events: SessionEvent[];
  /** True once a session reached again after it dropped off (booking recovery) was booked; absent: false. */
  recovered?: boolean;
}

/** A session with what only analytics reads (the API's answers leave it out: shared/presenters/sessions.ts). */
export interface SessionRecord extends Session {
  /** Service area the address falls in (analytics serviceAreaData). */
  service_area: string | null;
  /** Estimated job value in dollars when booked (analytics customerEvents.conversionValue). */
  conversion_value: number | null;
  /** Set when the session dropped off qualified (a valid phone, not booked): the funnel's qualified_drop_offs. */
  qualified_drop_off?: boolean;
}
