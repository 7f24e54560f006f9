import type { AppointmentNotice } from '#shared/domain/appointment-texts/notice';
import type { AppointmentStatus } from './appointment-text-source';

/** The inbound text a reply to an appointment is. */
export interface AppointmentReplyMessage {
  /** The provider's message id, when it gave one: the same reply delivered twice has the same id. */
  readonly messageId: string | null;
  readonly body: string;
  readonly at: string;
}

/**
 * What a reply to an appointment's text does to the appointment: the appointment store answers
 * it (its status, its history, the support ticket that asks staff to answer).
 */
export interface AppointmentReplies {
  /**
   * The team's next visit for the number that has not started yet and is scheduled or confirmed
   * (the soonest, when there are several); null when there is none.
   */
  upcoming(teamId: number, phone: string, now: Date): Promise<{ notice: AppointmentNotice; status: AppointmentStatus } | null>;
  /** Marks the visit confirmed by the customer (status `confirmed`, its event); a second call changes nothing. */
  confirm(teamId: number, appointmentId: string, reply: AppointmentReplyMessage): Promise<void>;
  /**
   * Keeps a reply that is neither a choice nor a keyword on the visit's history and opens a
   * normal-priority support ticket with it, so staff answer it.
   */
  keepForStaff(teamId: number, appointmentId: string, reply: AppointmentReplyMessage): Promise<void>;
}
