import type { RouteDefinition } from './route-definition';

/** The voice provider's end-of-call reports. */
export const VOICE_ROUTES = [
  {
    id: 'receiveVoiceReport',
    method: 'POST',
    path: '/v1/responder/webhook',
    surface: 'platform',
    functionName: 'receive-voice-report',
    permission: 'write:calls',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'calls', access: 'readwrite' },
      { table: 'leads', access: 'readwrite' },
      { table: 'outbox', access: 'readwrite' },
      { table: 'idempotency', access: 'readwrite' },
    ],
    uses: ['outreach-calls', 'scheduler', 'coach-evaluations', 'responder-model'],
    summary: "Receive a voice provider's end-of-call report and process it with the AI responder",
    tag: 'Voice',
  },
] as const satisfies readonly RouteDefinition[];
