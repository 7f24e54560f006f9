import type { Identity } from '#shared/auth/identity';
import { ALL_PERMISSIONS } from '#shared/auth/permissions';
import type { SessionRecord } from '#shared/domain/sessions';
import type { Campaign } from '#shared/domain/sms-campaigns/campaign';
import type { WebhookSubscription } from '#shared/domain/webhooks/model';

export function identity(overrides: Partial<Identity> = {}): Identity {
  return {
    keyId: 'key_test',
    keyType: 'enterprise_all_teams',
    scope: { kind: 'enterprise', id: 1 },
    anchorTeamId: 1,
    enterpriseId: 1,
    portfolioId: null,
    permissions: [...ALL_PERMISSIONS],
    teamIds: [1, 2, 3],
    testTeamIds: [3],
    enterpriseIds: [1],
    keyName: 'test key',
    keyPrefix: 'service_0000',
    expiresAt: null,
    rateLimitPerMinute: null,
    anchorTeamRateLimitPerHour: null,
    fieldGroups: null,
    ...overrides,
  };
}

let counter = 0;

export function session(overrides: Partial<SessionRecord> = {}): SessionRecord {
  counter++;
  return {
    session_id: `ses_${String(counter).padStart(6, '0')}`,
    team_id: 1,
    scheduler_id: 1,
    status: 'pending',
    customer_info: { name: null, email: null, phone: null, address: null },
    issue_type: null,
    job_type: null,
    selected_date: null,
    selected_time: null,
    utm: { source: null, medium: null, campaign: null, term: null, content: null },
    google_ads: { gclid: null, wbraid: null, gbraid: null },
    st_job_id: null,
    started_at: '2026-03-01T12:00:00.000Z',
    completed_at: null,
    last_activity_at: null,
    events: [],
    service_area: null,
    conversion_value: null,
    ...overrides,
  };
}

/** A webhook subscription of team 1, enabled, with one sealed secret. */
export function webhookSubscription(overrides: Partial<WebhookSubscription> = {}): WebhookSubscription {
  return {
    id: 'wh_test',
    teamId: 1,
    workspaceId: 'ws_own',
    url: 'https://hooks.example.com/in',
    events: ['lead.created'],
    description: null,
    status: 'enabled',
    disabledReason: null,
    createdAt: '2026-03-01T12:00:00.000Z',
    secrets: [{ sealed: 'sealed', createdAt: '2026-03-01T12:00:00.000Z', expiresAt: null }],
    failingSince: null,
    ...overrides,
  };
}

/** A scheduled two-recipient campaign of team 1 in one chunk, nothing sent yet. */
export function smsCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    campaign_id: 'cmp_0123456789abcdef0123',
    team_id: 1,
    campaign_type: 'seasonal_promotion',
    status: 'scheduled',
    message_template: 'Hi {{name}}',
    fallback_message: null,
    settings: { include_opt_out: true, respect_quiet_hours: false },
    segmentation: null,
    recipients_count: 2,
    requested_count: 2,
    duplicates_collapsed: 0,
    chunk_count: 1,
    counts: { sent: 0, failed: 0, opted_out: 0, unconfirmed: 0, capped: 0 },
    replies: 0,
    estimated_cost_micros: 16_600,
    actual_cost_micros: 0,
    price_per_segment_micros: 8_300,
    scheduled_time: '2026-03-02T14:00:00.000Z',
    completion_time: null,
    cancelled_at: null,
    created_at: '2026-03-02T13:59:00.000Z',
    last_send_at: null,
    estimated_completion_time: null,
    fanned_out: false,
    ...overrides,
  };
}
