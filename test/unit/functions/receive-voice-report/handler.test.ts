import type { VoiceReportDependencies } from '#shared/adapters/runtime/voice-report-dependencies';
import { answerOf, failingPort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
import { team, tenancyOf } from '../../../support/intake-fakes';

const mockDependencies: { current?: VoiceReportDependencies } = {};
jest.mock('#shared/adapters/runtime/voice-report-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/voice-report-dependencies'),
  voiceReportDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/receive-voice-report/handler').handler;
beforeAll(async () => {
  functionEnvironment('receive-voice-report');
  ({ handler } = await import('../../../../functions/receive-voice-report/handler'));
});

describe('receive-voice-report', () => {
  it('answers a message type it does not act on, storing nothing', async () => {
    mockDependencies.current = { ...failingPort<VoiceReportDependencies>(), tenancy: tenancyOf([team({ id: 1, workspaceId: 'ws_own' })]) };
    const answer = await answerOf(
      handler,
      routeEvent('receiveVoiceReport', {
        body: { message: { type: 'status-update', status: 'in-progress' } },
        headers: { 'x-workspace-id': 'ws_own' },
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({});
  });

  it('refuses a report without X-Workspace-ID, naming x-workspace-id', async () => {
    mockDependencies.current = failingPort<VoiceReportDependencies>();
    const answer = await answerOf(
      handler,
      routeEvent('receiveVoiceReport', { body: { message: { type: 'status-update', status: 'in-progress' } } }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'x-workspace-id' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = failingPort<VoiceReportDependencies>();
    const answer = await answerOf(
      handler,
      routeEvent('receiveVoiceReport', {
        body: { message: { type: 'status-update', status: 'in-progress' } },
        headers: { 'x-workspace-id': 'ws_own' },
      }),
    );
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
