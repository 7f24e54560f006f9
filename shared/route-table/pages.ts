import type { RouteDefinition } from './route-definition';

/** Pages for people, served with their assets: the API reference and the console. */
export const PAGE_ROUTES = [
  {
    id: 'getApiDocs',
    method: 'GET',
    path: '/api/docs',
    surface: 'read',
    functionName: 'get-api-docs',
    permission: null,
    tables: [],
    summary: 'This API description as a page to read (Scalar), served with its assets by the service itself',
    tag: 'Pages',
  },
  {
    id: 'getApiDocsAsset',
    method: 'GET',
    path: '/api/docs/assets/{file}',
    surface: 'read',
    functionName: 'get-api-docs',
    permission: null,
    tables: [],
    summary: 'A script of the API reference page (compressed when the client accepts it)',
    tag: 'Pages',
  },
  {
    id: 'getConsole',
    method: 'GET',
    path: '/console',
    surface: 'read',
    functionName: 'get-console',
    permission: null,
    tables: [],
    summary: 'The console: teams, funnel and daily charts, attribution, leads, calls and campaigns, with a key kept in the browser',
    tag: 'Pages',
  },
  {
    id: 'getConsoleAsset',
    method: 'GET',
    path: '/console/assets/{file}',
    surface: 'read',
    functionName: 'get-console',
    permission: null,
    tables: [],
    summary: 'A script or style sheet of the console (compressed when the client accepts it)',
    tag: 'Pages',
  },
] as const satisfies readonly RouteDefinition[];
