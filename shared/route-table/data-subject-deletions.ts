import type { RouteDefinition } from './route-definition';

/** Deletion on request: one person's data removed from every store of the key's teams. */
export const DATA_SUBJECT_DELETION_ROUTES = [
  {
    id: 'createDataSubjectDeletion',
    method: 'POST',
    path: '/v1/data-subject-deletions',
    surface: 'platform',
    functionName: 'create-data-subject-deletion',
    permission: 'write:data_deletions',
    tables: [
      { table: 'teams', access: 'readwrite' },
      { table: 'audit-log', access: 'readwrite' },
      { table: 'idempotency', access: 'readwrite' },
    ],
    uses: ['data-deletions'],
    summary: "Remove a person's data (by phone or email) from every store of the key's teams; the opt-out stays",
    tag: 'Data deletion',
  },
  {
    id: 'getDataSubjectDeletion',
    method: 'GET',
    path: '/v1/data-subject-deletions/{deletionId}',
    surface: 'platform',
    functionName: 'get-data-subject-deletion',
    permission: 'write:data_deletions',
    tables: [{ table: 'teams', access: 'read' }],
    summary: 'A deletion on request: its status, counts per kind and completed_at',
    tag: 'Data deletion',
  },
] as const satisfies readonly RouteDefinition[];
