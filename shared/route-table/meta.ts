import type { RouteDefinition } from './route-definition';

/** Who the calling key is, and this API's description. */
export const META_ROUTES = [
  {
    id: 'getOpenApi',
    method: 'GET',
    path: '/api/openapi.json',
    surface: 'read',
    functionName: 'get-openapi',
    permission: null,
    tables: [],
    summary: 'This API description (OpenAPI 3.1)',
    tag: 'Meta',
  },
  {
    id: 'getMe',
    method: 'GET',
    path: '/api/v1/me',
    surface: 'read',
    functionName: 'get-me',
    permission: 'any_key',
    tables: [],
    summary: 'The calling key: its name, type, permissions, teams, limits with what remains, expiry and field allow-list',
    tag: 'Meta',
  },
] as const satisfies readonly RouteDefinition[];
