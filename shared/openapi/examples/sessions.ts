import type { OperationExamplesById } from './types';

/** A team's widget sessions. */
export const SESSIONS_EXAMPLES: OperationExamplesById = {
  listTeamSessions: {
    responses: {
      '200': {
        default: {
          summary: 'A page of sessions',
          value: {
            data: [
              {
                session_id: 'ses_b1c40e6612a5203c800e2737',
                team_id: 1,
                scheduler_id: 11,
                status: 'dropped_off',
                customer_info: {
                  name: null,
                  email: null,
                  phone: null,
                  address: null,
                },
                issue_type: null,
                job_type: null,
                selected_date: null,
                selected_time: null,
                utm: {
                  source: null,
                  medium: null,
                  campaign: null,
                  term: null,
                  content: null,
                },
                google_ads: {
                  gclid: null,
                  wbraid: null,
                  gbraid: null,
                },
                st_job_id: null,
                started_at: '2026-11-23T02:57:51.292Z',
                completed_at: null,
                last_activity_at: '2026-11-23T02:57:51.292Z',
                recovered: false,
                events: [
                  {
                    event_type: 'session_started',
                    created_at: '2026-11-23T02:57:51.292Z',
                  },
                ],
              },
            ],
            pagination: {
              cursor:
                'eyJ2IjoxLCJwIjoiMjAyNi0xMS0yM1QwMjo1Nzo1MS4yOTJaIzAwMDAwMDAwMDEjc2VzX2IxYzQwZTY2MTJhNTIwM2M4MDBlMjczNyJ9.92wZ4Mev29sKdx3eEjPQidkpHWa7TvnyZZ_kEvpjV9Y',
              has_more: true,
              limit: 1,
            },
            meta: {
              team_id: 1,
            },
          },
        },
      },
    },
  },
};
