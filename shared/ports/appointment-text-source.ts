import type { AppointmentNotice, BookingTextPurpose } from '#shared/domain/appointment-texts/notice';

/** An appointment's status, as its record keeps it. */
export type AppointmentStatus = 'scheduled' | 'confirmed' | 'cancelled' | 'completed' | 'no_show';

/** What the texts of an appointment read of it, as it is now. */
export interface AppointmentForTexts {
  readonly notice: AppointmentNotice;
  readonly status: AppointmentStatus;
  /**
   * The reminder offsets in force when the appointment was made or last moved: its scheduler's,
   * or its team's first scheduler's when it has none (minutes before the visit; empty: none).
   */
  readonly reminderOffsetsMinutes: readonly number[];
}

/** What became of one of an appointment's texts, for its history. */
export interface AppointmentTextNote {
  readonly purpose: BookingTextPurpose;
  readonly occurrence: string;
  readonly outcome: 'sent' | 'suppressed' | 'failed' | 'unconfirmed';
  /** Why it was not sent; null when sent. */
  readonly reason: string | null;
  readonly at: string;
}

/**
 * The appointments the texts are about: the appointment store answers it. The texts never keep
 * their own copy of an appointment: each message reads it as it is when the text is due, so a
 * text of a moved or cancelled visit sees the change.
 */
export interface AppointmentTextSource {
  /** The team's appointment as it is now; null when the team has no such appointment. */
  appointment(teamId: number, appointmentId: string): Promise<AppointmentForTexts | null>;
  /**
   * Keeps what became of a text on the appointment's history (a suppressed number's reason
   * included). May be called again for the same purpose and occurrence (a redelivery): keep one.
   */
  recordText(teamId: number, appointmentId: string, note: AppointmentTextNote): Promise<void>;
}
