import type { RouteDefinition } from './route-definition';

/** Calls with their transcripts, transfers and recordings. */
export const CALL_ROUTES = [
  {
    id: 'listCalls',
    method: 'GET',
    path: '/api/calls',
    surface: 'read',
    functionName: 'list-calls',
    permission: 'read:calls',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'calls', access: 'read' },
    ],
    summary: 'Call records of one team (transcripts need read:transcripts)',
    tag: 'Calls',
  },
  {
    id: 'getCall',
    method: 'GET',
    path: '/api/calls/{callId}',
    surface: 'read',
    functionName: 'get-call',
    permission: 'read:calls',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'calls', access: 'read' },
    ],
    summary: 'One call: metadata, outcome, what it produced, transfers and recording (transcript text needs read:transcripts)',
    tag: 'Calls',
  },
  {
    id: 'getCallTranscript',
    method: 'GET',
    path: '/api/calls/{callId}/transcript',
    surface: 'read',
    functionName: 'get-call-transcript',
    permission: 'read:transcripts',
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'calls', access: 'read' },
    ],
    summary: "A call's transcript, turn by turn and as plain text",
    tag: 'Calls',
  },
  {
    id: 'listCallTransfers',
    method: 'GET',
    path: '/api/call-transfers',
    surface: 'read',
    functionName: 'list-call-transfers',
    permission: 'read:calls',
    tables: [{ table: 'calls', access: 'read' }],
    summary: 'Calls handed to a person (pre-call transfers) of one team, newest first',
    tag: 'Calls',
  },
  {
    id: 'getCallRecording',
    method: 'GET',
    path: '/api/calls/{callId}/recording',
    surface: 'read',
    functionName: 'get-call-recording',
    // Public: the signed link (shared/auth/recording-link.ts) stands for the key, which the handler re-checks.
    permission: null,
    tables: [
      { table: 'teams', access: 'read' },
      { table: 'calls', access: 'read' },
    ],
    uses: ['voice-recordings'],
    // Recordings of long calls run to tens of MB: streamed through, never held whole.
    streamsResponse: true,
    summary: "A call's recording, through a signed link from the call detail (valid 15 minutes)",
    tag: 'Calls',
  },
] as const satisfies readonly RouteDefinition[];
