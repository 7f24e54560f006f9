import type { RouteDefinition } from './route-definition';

/** Coach evaluations of calls and the rubrics they are scored by. */
export const COACH_ROUTES = [
  {
    id: 'listCoachEvaluations',
    method: 'GET',
    path: '/api/coach',
    surface: 'read',
    functionName: 'list-coach-evaluations',
    permission: 'read:coach',
    tables: [{ table: 'calls', access: 'read' }],
    summary: "Coach evaluations of one team's calls, newest call first",
    tag: 'Coach',
  },
  {
    id: 'getCoachEvaluation',
    method: 'GET',
    path: '/api/coach/{callId}',
    surface: 'read',
    functionName: 'get-coach-evaluation',
    permission: 'read:coach',
    tables: [{ table: 'calls', access: 'read' }],
    summary: "One call's coach evaluation",
    tag: 'Coach',
  },
  {
    id: 'listCoachRubrics',
    method: 'GET',
    path: '/api/coach/rubrics',
    surface: 'read',
    functionName: 'list-coach-rubrics',
    permission: 'read:coach',
    tables: [{ table: 'teams', access: 'read' }],
    summary: "The team's coach rubric: the one in force and every earlier revision",
    tag: 'Coach',
  },
] as const satisfies readonly RouteDefinition[];
