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

  it('records a transfer update through the call store its first transfer loads: a redelivery is recorded once', async () => {
    const saved = new Set<string>();
    mockDependencies.current = {
      ...failingPort<VoiceReportDependencies>(),
      tenancy: tenancyOf([team({ id: 1, workspaceId: 'ws_own' })]),
      calls: async () => {
        return fakePort<CallStore>({
          saveTransfer: async (transfer) => {
            const created = !saved.has(transfer.transfer_id);
            saved.add(transfer.transfer_id);
            return created;
          },
        });
      },
    };
    const update = {
      message: {
        type: 'transfer-update',
        call: { id: 'call-transfer-1' },
        destination: { type: 'number', number: '+15125550100' },
        timestamp: 1_767_000_000_000,
      },
    };
    const first = await answerOf(handler, routeEvent('receiveVoiceReport', { body: update, headers: { 'x-workspace-id': 'ws_own' } }));
    const again = await answerOf(handler, routeEvent('receiveVoiceReport', { body: update, headers: { 'x-workspace-id': 'ws_own' } }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: 'Transfer recorded', data: { callId: null } });
    expect(again.body).toMatchObject({ message: 'Transfer already recorded', data: { callId: null } });
    expect(saved.size).toBe(1);
  });

  it('answers 500 for a transfer update when the call store cannot be loaded, revealing nothing', async () => {
    mockDependencies.current = {
      ...failingPort<VoiceReportDependencies>(),
      tenancy: tenancyOf([team({ id: 1, workspaceId: 'ws_own' })]),
      calls: async () => {
        throw new Error('call store unavailable');
      },
    };
    const answer = await answerOf(
      handler,
      routeEvent('receiveVoiceReport', {
        body: { message: { type: 'transfer-update', call: { id: 'call-transfer-2' } } },
        headers: { 'x-workspace-id': 'ws_own' },
      }),
    );
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('call store unavailable');
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
