import type { OperationExamplesById } from './types';

/** Who the calling key is. */
export const META_EXAMPLES: OperationExamplesById = {
  getMe: {
    responses: {
      '200': {
        default: {
          summary: 'An enterprise key of one team',
          value: {
            data: {
              key_id: 'key_d3d51a87ce57534d',
              name: 'Demo enterprise key (all permissions)',
              prefix: 'service_e3e5',
              type: 'enterprise',
              scope: {
                kind: 'team',
                id: 1,
              },
              permissions: ['read:calls'],
              anchor_team_id: 1,
              team_ids: [1],
              test_team_ids: [],
              enterprise_id: 1,
              enterprise_ids: [1],
              portfolio_id: null,
              expires_at: null,
              fields: {
                groups: ['core'],
                restricted: false,
              },
              rate_limits: {
                per_key_per_minute: {
                  limit: 1000,
                  remaining: 986,
                  reset: 1795421880,
                  window_seconds: 60,
                  overridden: false,
                },
                per_workspace_per_hour: {
                  limit: 10000,
                  remaining: 9977,
                  reset: 1795424400,
                  window_seconds: 3600,
                  overridden: false,
                },
              },
            },
          },
        },
      },
    },
  },
};
