import type { OperationExamplesById } from './types';

/** A completed deletion by phone of one team's data. */
const COMPLETED = {
  id: 'dsd_3f9a1c0e7b2d4a6f8e1c5b7d',
  team_ids: [4],
  status: 'completed',
  counts: {
    sessions: 1,
    leads: 2,
    appointments: 1,
    intake_guards: 1,
    coach_evaluations: 1,
    call_reports: 1,
    calls: 1,
    support_tickets: 0,
    campaign_recipients: 1,
    texts: 3,
    text_ledgers: 1,
    subscription_events: 0,
    webhook_deliveries: 2,
    outbox_events: 4,
    exports: 1,
  },
  created_at: '2026-11-23T09:00:00.120Z',
  completed_at: '2026-11-23T09:00:02.904Z',
};

/** Deletion on request. */
export const DATA_SUBJECT_DELETION_EXAMPLES: OperationExamplesById = {
  createDataSubjectDeletion: {
    request: {
      default: { summary: 'Delete everything about a caller from one team', value: { phone: '+12125550187', team_ids: [4] } },
    },
    responses: {
      '202': {
        default: {
          summary: 'The deletion, queued',
          value: {
            data: {
              ...COMPLETED,
              status: 'queued',
              counts: Object.fromEntries(Object.keys(COMPLETED.counts).map((kind) => [kind, 0])),
              completed_at: null,
            },
            meta: { request_id: '0b7c4e1a-2f3d-4c5b-9a8e-7d6c5b4a3f2e', timestamp: '2026-11-23T09:00:00.131Z' },
          },
        },
      },
    },
  },
  getDataSubjectDeletion: {
    responses: {
      '200': {
        default: {
          summary: 'A completed deletion with its counts per kind',
          value: { data: COMPLETED, meta: { request_id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', timestamp: '2026-11-23T09:00:05.002Z' } },
        },
      },
    },
  },
};
