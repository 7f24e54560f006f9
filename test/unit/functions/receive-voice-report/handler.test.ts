import type { EndOfCallReportDependencies } from '#shared/adapters/runtime/voice-end-of-call-dependencies';
import type { VoiceReportDependencies } from '#shared/adapters/runtime/voice-report-dependencies';
import type { CallStore } from '#shared/ports/call-store';
import type { SchedulerConfigStore } from '#shared/ports/scheduler-config-store';
import report from '../../../fixtures/vapi/end-of-call-report.2026-api.json';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
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

  it('hands an end-of-call report to the processing its first report loads: a redelivery answers the first ids', async () => {
    const firstIds = { call_id: 'c6f1b0a4-3c1e-4d7a-9a55-0d6f3b7b9e21', appointment_id: null, ticket_id: null };
    const asked: string[] = [];
    mockDependencies.current = {
      ...failingPort<VoiceReportDependencies>(),
      tenancy: tenancyOf([team({ id: 1, workspaceId: 'ws_own' })]),
      endOfCallReports: async () => ({
        ...failingPort<EndOfCallReportDependencies>(),
        calls: fakePort<CallStore>({
          getReportResult: async (_teamId, providerCallId) => {
            asked.push(providerCallId);
            return firstIds;
          },
        }),
        schedulers: async () => fakePort<SchedulerConfigStore>({ listSchedulers: async () => [] }),
      }),
    };
    const answer = await answerOf(handler, routeEvent('receiveVoiceReport', { body: report, headers: { 'x-workspace-id': 'ws_own' } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: { callId: firstIds.call_id, appointmentId: null, ticketId: null } });
    expect(asked).toEqual([report.message.call.id]);
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
