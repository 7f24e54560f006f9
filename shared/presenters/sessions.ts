import type * as z from 'zod';
import type { session } from '#shared/contracts/sessions';
import type { SessionRecord } from '#shared/domain/sessions';

/** A session as the API answers it (shared/contracts/sessions.ts `session`). */
export type SessionBody = z.output<ReturnType<typeof session>>;

/**
 * A session on the wire: every member the contract names, copied one by one, so what only
 * analytics reads (service_area, conversion_value) stays out of the answer.
 */
export function presentSession(record: SessionRecord): SessionBody {
  const { customer_info: customer, utm, google_ads: ads } = record;
  return {
    session_id: record.session_id,
    team_id: record.team_id,
    scheduler_id: record.scheduler_id,
    status: record.status,
    customer_info: { name: customer.name, email: customer.email, phone: customer.phone, address: customer.address },
    issue_type: record.issue_type,
    job_type: record.job_type,
    selected_date: record.selected_date,
    selected_time: record.selected_time,
    utm: { source: utm.source, medium: utm.medium, campaign: utm.campaign, term: utm.term, content: utm.content },
    google_ads: { gclid: ads.gclid, wbraid: ads.wbraid, gbraid: ads.gbraid },
    st_job_id: record.st_job_id,
    started_at: record.started_at,
    completed_at: record.completed_at,
    last_activity_at: record.last_activity_at,
    events: record.events.map((event) => ({
      event_type: event.event_type,
      created_at: event.created_at,
      ...(event.channel ? { channel: event.channel } : {}),
    })),
    recovered: record.recovered === true,
  };
}
