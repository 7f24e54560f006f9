import { createHash } from 'node:crypto';
import type { AppointmentForTexts } from '#shared/ports/appointment-text-source';
import type { OneTimeScheduler } from '#shared/ports/scheduler';
import { type PlannedReminder, planReminders } from './reminder-plan';
import type { AppointmentTextMessage } from './text-messages';

/**
 * Durable one-time schedules for an appointment's reminders (EventBridge Scheduler in AWS, the
 * local scheduler, kept across restarts, under npm start): each delivers a `reminder` message to
 * the appointment-texts queue when due. A schedule's name is derived from the appointment, the
 * start and the offset, so planning again (a redelivered booking) keeps one schedule per reminder.
 * Schedules of a start the visit no longer has are left to run: the worker finds the start moved
 * and sends nothing, which needs no record of what was planned before.
 */
export function reminderScheduleName(teamId: number, appointmentId: string, start: string, offsetMinutes: number): string {
  const digest = createHash('sha256').update(`${teamId}\n${appointmentId}\n${start}\n${offsetMinutes}`).digest('hex');
  // EventBridge Scheduler names: at most 64 of [0-9A-Za-z_.-].
  return `apptrem-${digest.slice(0, 40)}`;
}

export async function scheduleReminders(
  scheduler: OneTimeScheduler,
  appointment: AppointmentForTexts,
  now: Date,
): Promise<PlannedReminder[]> {
  const { notice } = appointment;
  const start = new Date(notice.start).toISOString();
  const plan = planReminders({ start: new Date(start), zone: notice.zone, offsetsMinutes: appointment.reminderOffsetsMinutes, now });
  for (const reminder of plan) {
    const body: AppointmentTextMessage = {
      kind: 'reminder',
      team_id: notice.teamId,
      appointment_id: notice.appointmentId,
      start,
      offset_minutes: reminder.offsetMinutes,
    };
    await scheduler.scheduleMessage({
      name: reminderScheduleName(notice.teamId, notice.appointmentId, start, reminder.offsetMinutes),
      at: reminder.at,
      queue: 'appointment-texts',
      body,
    });
  }
  return plan;
}
