import type { RouteDefinition } from './route-definition';

/** Asynchronous exports: every row of a resource over a date range, as a gzipped NDJSON file. */
export const EXPORT_ROUTES = [
  {
    id: 'createExport',
    method: 'POST',
    path: '/api/v1/exports',
    surface: 'read',
    functionName: 'create-export',
    permission: 'read:exports',
    keyTypes: ['enterprise_all_teams', 'portfolio_all_teams'],
    tables: [
      { table: 'exports', access: 'readwrite' },
      { table: 'audit-log', access: 'readwrite' },
      { table: 'idempotency', access: 'readwrite' },
    ],
    uses: ['exports'],
    summary: 'Export every row of a resource over a date range (any span) as a gzipped NDJSON file, written in the background',
    tag: 'Exports',
  },
  {
    id: 'getExport',
    method: 'GET',
    path: '/api/v1/exports/{exportId}',
    surface: 'read',
    functionName: 'get-export',
    permission: 'read:exports',
    keyTypes: ['enterprise_all_teams', 'portfolio_all_teams'],
    tables: [{ table: 'exports', access: 'read' }],
    uses: ['export-downloads'],
    summary: "An export's status and progress, and once completed a 15-minute link to its file",
    tag: 'Exports',
  },
] as const satisfies readonly RouteDefinition[];
