import { DynamoCallStore } from '#shared/adapters/dynamodb/call-store';
import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoEvaluationStore } from '#shared/adapters/dynamodb/coach-store';
import { DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { eventBus } from '#shared/adapters/runtime/event-bus';
import { queues } from '#shared/adapters/runtime/queues';
import { responder } from '#shared/adapters/runtime/responder';
import { scheduler } from '#shared/adapters/runtime/scheduler';
import { resolveWorkspaceTeam } from '#shared/auth/workspace-access';
import { receiveVoiceReport } from '#shared/contracts/voice';
import { normalizeReport } from '#shared/domain/responder/call-report';
import { processCallReport } from '#shared/domain/responder/process-report';
import { recordTransferUpdate } from '#shared/domain/responder/transfer-update';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';
import { lazy } from '#shared/lazy';

const client = getDocumentClient();
const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
const calls = new DynamoCallStore(client, physicalTableName('calls'), physicalTableName('leads'));
const intake = new DynamoIntakeStore(client, physicalTableName('leads'));
const evaluations = new DynamoEvaluationStore(client, physicalTableName('calls'));
// The scheduler store reads luxon (time zones): loaded with the first report, not for every message type.
const schedulers = lazy(async () => {
  const { DynamoSchedulerConfigStore } = await import('#shared/adapters/dynamodb/scheduler-config-store');
  return new DynamoSchedulerConfigStore(client, physicalTableName('teams'));
});

export const handler = createHttpHandler(
  receiveVoiceReport,
  async ({ body, headers, identity }) => {
    const team = await resolveWorkspaceTeam(identity, headers['x-workspace-id'], tenancy);
    if (body.kind === 'transfer') {
      const { created } = await recordTransferUpdate(calls, { update: body.update, teamId: team.id, now: new Date() });
      return {
        statusCode: 200,
        body: {
          success: true,
          message: created ? 'Transfer recorded' : 'Transfer already recorded',
          data: { callId: null, appointmentId: null, ticketId: null },
        },
      };
    }
    if (body.kind === 'ignored') {
      return {
        statusCode: 200,
        body: {
          success: true,
          message: `Acknowledged message type ${body.type}; not stored (only end-of-call-report and transfer-update are)`,
          data: { callId: null, appointmentId: null, ticketId: null },
        },
      };
    }
    const call = normalizeReport(body.report);
    // The team's first scheduler gives the hours a booked time must fall in; a team without one books any time named.
    const [firstScheduler] = await (await schedulers()).listSchedulers({ teamId: team.id, limit: 1 });
    const result = await processCallReport(
      {
        calls,
        intake,
        responder: responder.get('default'),
        eventBus: eventBus.get('default'),
        outreachQueue: queues.get('outreach-calls'),
        scheduler: scheduler.get('default'),
        coachQueue: queues.get('coach-evaluations'),
        evaluations,
      },
      { team, call, now: new Date(), hours: firstScheduler?.scheduler.hours ?? null },
    );
    return {
      statusCode: result.created ? 201 : 200,
      body: {
        success: true,
        message: result.created ? 'Call report processed' : 'Call report already processed; returning the records it created',
        data: { callId: result.call_id, appointmentId: result.appointment_id, ticketId: result.ticket_id },
      },
    };
  },
  { idempotency: idempotencyKeys() },
);
