import { redactedEventDetail } from '#shared/domain/data-subject-deletions/redacted-event';
import { mentionsSubject } from '#shared/domain/data-subject-deletions/request';

const PERSON = { phone: '+12125550187', email: 'pat.doe@example.com' };

describe('redactedEventDetail', () => {
  const detail = {
    event: 'lead.created',
    event_id: 'evt-1',
    occurred_at: '2026-11-29T02:00:00.000Z',
    lead_id: 12,
    team_id: 7,
    external_id: 'crm-+12125550187',
    attribution: { utm_source: 'google', gclid: null },
    lead: { customer_name: 'Pat Doe', phone_number: '+12125550187', email: PERSON.email, service_type: 'AC repair' },
    outreach: { status: 'queued', due_at: '2026-11-29T02:01:00.000Z', max_attempts: 3, scheduling_mode: 'always' },
    data: { team_id: 7, counts: { sent: 4 }, recipients: ['+12125550187', '+12125550100'] },
  };

  it("keeps the event, ids, times, statuses, counts and flags, and drops every other text and the person's values", () => {
    expect(redactedEventDetail(detail, PERSON)).toEqual({
      event: 'lead.created',
      event_id: 'evt-1',
      occurred_at: '2026-11-29T02:00:00.000Z',
      lead_id: 12,
      team_id: 7,
      attribution: { gclid: null },
      lead: {},
      outreach: { status: 'queued', due_at: '2026-11-29T02:01:00.000Z', max_attempts: 3 },
      data: { team_id: 7, counts: { sent: 4 }, recipients: [null, null] },
      redacted: true,
    });
  });

  it('leaves nothing that names the person in any spelling', () => {
    const text = JSON.stringify(redactedEventDetail(detail, PERSON));
    expect(mentionsSubject(text, PERSON)).toBe(false);
    expect(text).not.toContain('Pat');
  });
});
