import type { OperationExamplesById } from './types';

/** Exports: asking for one, and following it to its file. */
export const EXPORTS_EXAMPLES: OperationExamplesById = {
  createExport: {
    request: {
      default: {
        summary: "Two years of one team's sessions",
        value: {
          resource: 'sessions',
          team_ids: [1],
          start_date: '2024-01-01T00:00:00Z',
          end_date: '2026-01-01T00:00:00Z',
          format: 'ndjson',
        },
      },
    },
    responses: {
      '202': { default: { summary: 'Queued', value: { export_id: 'exp_4f1c2b9a0d3e5f6a7b8c', status: 'queued' } } },
    },
  },
  getExport: {
    responses: {
      '200': {
        default: {
          summary: 'Completed, with its 15-minute link',
          value: {
            export_id: 'exp_4f1c2b9a0d3e5f6a7b8c',
            resource: 'sessions',
            format: 'ndjson',
            team_ids: [1],
            start_date: '2024-01-01T00:00:00.000Z',
            end_date: '2026-01-01T00:00:00.000Z',
            status: 'completed',
            rows: 48210,
            bytes: 5321004,
            created_at: '2026-11-28T20:00:00.000Z',
            completed_at: '2026-11-28T20:00:41.000Z',
            download_url: 'https://exports-bucket.s3.amazonaws.com/exports/exp_4f1c2b9a0d3e5f6a7b8c/sessions.ndjson.gz?X-Amz-Expires=900',
            download_url_expires_at: '2026-11-28T20:16:02.000Z',
            expires_at: '2026-12-05T20:00:41.000Z',
            error: null,
          },
        },
      },
    },
  },
};
