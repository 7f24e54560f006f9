import type { RouteDefinition } from './route-definition';

/** Funnels and scheduler analytics over the widget's sessions. */
export const ANALYTICS_ROUTES = [
  {
    id: 'getTeamFunnel',
    method: 'GET',
    path: '/api/v1/teams/{teamId}/analytics/funnel',
    surface: 'read',
    functionName: 'get-team-funnel',
    permission: 'read:scheduler_analytics',
    tables: [
      { table: 'sessions', access: 'read' },
      { table: 'rollups', access: 'read' },
    ],
    summary: 'Funnel metrics for one team',
    tag: 'Analytics',
  },
  {
    id: 'getFunnel',
    method: 'GET',
    path: '/api/v1/analytics/funnel',
    surface: 'read',
    functionName: 'get-funnel',
    permission: 'read:scheduler_analytics',
    tables: [
      { table: 'sessions', access: 'read' },
      { table: 'rollups', access: 'read' },
    ],
    summary: 'Funnel metrics across every team the key can access',
    tag: 'Analytics',
  },
  {
    id: 'getSchedulerAnalytics',
    method: 'GET',
    path: '/api/scheduler-analytics',
    surface: 'read',
    functionName: 'get-scheduler-analytics',
    permission: 'read:scheduler_analytics',
    tables: [
      { table: 'sessions', access: 'read' },
      { table: 'rollups', access: 'read' },
    ],
    summary: 'Legacy (v0) scheduler analytics blocks for one team',
    tag: 'Analytics',
  },
] as const satisfies readonly RouteDefinition[];
