import { DateTime } from 'luxon';
import { schedulerSettingsSchema } from '#shared/domain/scheduler-settings-schema';
import { WEEKDAYS } from '#shared/domain/schedulers';
import { demoSchedulers, generateBookingRequests } from '../../../../local/demo/schedulers';
import { generateSessions } from '../../../../local/demo/sessions';

const NOW = new Date('2026-03-15T16:00:00.000Z');
const TIMEZONE = 'America/Chicago';
const sessions = generateSessions({ teamId: 7, timezone: TIMEZONE, count: 2000, days: 60, seed: 42, now: NOW, trade: 'hvac' });
const schedulers = demoSchedulers(7, 'Demo HVAC', TIMEZONE, 'hvac');
const requests = generateBookingRequests(sessions, TIMEZONE, 99);

describe('demo schedulers', () => {
  it('are valid settings naming every scheduler id the sessions carry', () => {
    for (const { settings } of schedulers) expect(schedulerSettingsSchema.safeParse(settings).success).toBe(true);
    const ids = new Set(schedulers.map((s) => s.id));
    for (const session of sessions) expect(ids.has(session.scheduler_id)).toBe(true);
  });

  it("offer every issue type, job type and service area the scheduler's sessions use", () => {
    for (const session of sessions) {
      const scheduler = schedulers.find((s) => s.id === session.scheduler_id)?.settings;
      if (session.issue_type) expect(scheduler?.services).toContain(session.issue_type);
      if (session.job_type) expect(scheduler?.job_types).toContain(session.job_type);
      if (session.service_area) expect(scheduler?.service_areas).toContain(session.service_area);
    }
  });

  it("are open at every booked slot (the slot's weekday and time, in the scheduler's zone)", () => {
    for (const session of sessions.filter((s) => s.selected_date && s.selected_time)) {
      const hours = schedulers.find((s) => s.id === session.scheduler_id)?.settings.hours;
      const day = WEEKDAYS[DateTime.fromISO(session.selected_date as string, { zone: TIMEZONE }).weekday - 1];
      const open = day ? hours?.[day] : null;
      // Urgent jobs may be booked on a Sunday: the emergency line is open then, the main widget is not.
      if (!open) {
        expect(session.job_type).toBe('Emergency service');
        continue;
      }
      expect(open.open <= (session.selected_time as string) && (session.selected_time as string) < open.close).toBe(true);
    }
  });
});

describe('demo booking requests', () => {
  const booked = sessions.filter((s) => s.status === 'booked');
  const bySession = new Map<string, typeof requests>();
  for (const request of requests) bySession.set(request.session_id, [...(bySession.get(request.session_id) ?? []), request]);

  it('come only from booked sessions, each booked session having at least one, attempts numbered from 1', () => {
    expect(bySession.size).toBe(booked.length);
    for (const [sessionId, attempts] of bySession) {
      expect(booked.some((s) => s.session_id === sessionId)).toBe(true);
      expect(attempts.map((a) => a.attempt)).toEqual(attempts.map((_, i) => i + 1));
    }
  });

  it('succeed with the session’s st_job_id when it has one, and fail with an error and no job otherwise', () => {
    for (const session of booked) {
      const attempts = bySession.get(session.session_id) ?? [];
      const last = attempts[attempts.length - 1];
      if (session.st_job_id !== null) expect(last).toMatchObject({ status: 'succeeded', st_job_id: session.st_job_id, error: null });
      else expect(last).toMatchObject({ status: 'failed', st_job_id: null, error: { code: expect.any(String) } });
      for (const earlier of attempts.slice(0, -1)) expect(earlier).toMatchObject({ status: 'failed', st_job_id: null });
      for (const attempt of attempts) {
        expect(attempt.requested_slot).toEqual({ date: session.selected_date, time: session.selected_time, time_zone: TIMEZONE });
        expect(attempt.requested_at > (session.completed_at as string)).toBe(true);
        expect((attempt.completed_at as string) > attempt.requested_at).toBe(true);
      }
    }
    expect(requests.some((r) => r.attempt === 2)).toBe(true);
    expect(requests.some((r) => r.status === 'failed')).toBe(true);
  });
});
