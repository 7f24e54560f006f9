import type * as z from 'zod';
import type { bookingRequest, scheduler } from '#shared/contracts/schedulers';
import { type BookingRequest, type SchedulerConfig, WEEKDAYS } from '#shared/domain/schedulers';
import { bookingPageUrl, embedCode } from '#shared/domain/widget/embed';

/** A scheduler configuration as the API answers it (shared/contracts/schedulers.ts `scheduler`). */
export type SchedulerBody = z.output<ReturnType<typeof scheduler>>;
/** A booking request as the API answers it (shared/contracts/schedulers.ts `bookingRequest`). */
export type BookingRequestBody = z.output<ReturnType<typeof bookingRequest>>;

/**
 * A scheduler configuration on the wire, with where its widget lives: `base` is the service's
 * public base URL (no trailing slash) the booking page and the embed code are served from.
 */
export function presentScheduler(config: SchedulerConfig, base: string): SchedulerBody {
  return {
    scheduler_id: config.scheduler_id,
    team_id: config.team_id,
    name: config.name,
    services: [...config.services],
    job_types: [...config.job_types],
    service_areas: [...config.service_areas],
    time_zone: config.time_zone,
    hours: Object.fromEntries(
      WEEKDAYS.map((day) => {
        const hours = config.hours[day];
        return [day, hours ? { open: hours.open, close: hours.close } : null];
      }),
    ) as SchedulerBody['hours'],
    slot_minutes: config.slot_minutes,
    interval_minutes: config.interval_minutes,
    lead_time_minutes: config.lead_time_minutes,
    days_ahead: config.days_ahead,
    capacity_per_slot: config.capacity_per_slot,
    allowed_origins: [...config.allowed_origins],
    booking_page_url: bookingPageUrl(base, config.team_id, config.scheduler_id),
    embed_code: embedCode(base, config.team_id, config.scheduler_id),
    created_at: config.created_at,
    updated_at: config.updated_at,
  };
}

export function presentBookingRequest(request: BookingRequest): BookingRequestBody {
  const { requested_slot: slot, error } = request;
  return {
    request_id: request.request_id,
    team_id: request.team_id,
    session_id: request.session_id,
    scheduler_id: request.scheduler_id,
    action: request.action,
    attempt: request.attempt,
    requested_slot: { date: slot.date, time: slot.time, time_zone: slot.time_zone },
    status: request.status,
    st_job_id: request.st_job_id,
    error: error ? { code: error.code, message: error.message } : null,
    requested_at: request.requested_at,
    completed_at: request.completed_at,
  };
}
