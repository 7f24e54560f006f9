import type { OperationExamplesById } from './types';

/** The teams a key reaches. */
export const TEAMS_EXAMPLES: OperationExamplesById = {
  listTeams: {
    responses: {
      '200': {
        default: {
          summary: 'The teams a key reaches',
          value: {
            data: [
              {
                id: 1,
                name: 'Summit Plumbing',
                timezone: 'America/New_York',
                enterprise_id: 1,
                workspace_id: 'ws_summit_plumbing',
                is_test: false,
              },
            ],
          },
        },
      },
    },
  },
};
