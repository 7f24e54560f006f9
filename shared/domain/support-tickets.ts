/** An appointment the AI responder created from a call. */
export interface AppointmentRecord {
  appointment_id: string;
  team_id: number;
  call_id: string;
  lead_id: number | null;
  /** scheduled: a time was agreed; requested: the customer wants one and staff schedule it. */
  status: 'scheduled' | 'requested';
  scheduled_for: string | null;
  preferred_date: string | null;
  customer: { name: string | null; phone: string | null };
  service: string | null;
  urgency: string;
  reason: string;
  created_at: string;
}

/**
 * A support ticket for staff (the enterprise support-ticket feed): one the AI responder opened from
 * a call, or one a customer's reply to a visit's text opened (no call; its appointment).
 */
export interface TicketRecord {
  ticket_id: string;
  team_id: number;
  enterprise_id: number;
  call_id: string | null;
  /** The visit a reply to its text was about; null (or absent, on tickets stored before) for a call's. */
  appointment_id?: string | null;
  lead_id: number | null;
  status: 'open';
  priority: 'low' | 'normal' | 'high' | 'urgent';
  category: string;
  subject: string;
  reason: string;
  customer: { name: string | null; phone: string | null };
  created_at: string;
}

/** The ids a processed report produced; a redelivered report answers the same ones. */
export interface ReportResult {
  call_id: string;
  appointment_id: string | null;
  ticket_id: string | null;
  /**
   * For an outreach call: what closing its lead's loop needs, so a redelivered report can finish a
   * close-out that failed after the report was stored (the close-out itself is idempotent).
   */
  outreach?: { stl_call_id: number; ended_reason: string | null; appointment: AppointmentRecord | null } | null;
  /**
   * For a call with a transcript: what queueing its coach evaluation needs, so a redelivered report
   * can queue it when the first delivery stopped before (absent on reports stored before coaching).
   */
  coach?: { started_at: string } | null;
}
