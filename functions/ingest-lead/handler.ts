import { getDocumentClient } from '../../shared/adapters/dynamodb/client';
import { DynamoIntakeConfigStore, DynamoIntakeStore } from '../../shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '../../shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '../../shared/adapters/dynamodb/tenancy-store';
import { eventBus } from '../../shared/adapters/runtime/event-bus';
import { queues } from '../../shared/adapters/runtime/queues';
import { scheduler } from '../../shared/adapters/runtime/scheduler';
import { ingestLead } from '../../shared/domain/intake/ingest';
import { createHttpHandler } from '../../shared/http/handler';
import { idempotencyKeys } from '../../shared/http/idempotency';
import { parseJsonObjectBody } from '../../shared/http/json-body';

/** Documented limit of an intake body. */
export const MAX_INTAKE_BODY_BYTES = 256 * 1024;

const client = getDocumentClient();
const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
const configs = new DynamoIntakeConfigStore(client, physicalTableName('teams'));
const intake = new DynamoIntakeStore(client, physicalTableName('leads'));

function isTestMode(headers: Readonly<Record<string, string>>, query: Record<string, string | undefined> | null): boolean {
  const flag = headers['x-test-mode'] ?? query?.test_mode;
  return flag === 'true' || flag === '1';
}

export const handler = createHttpHandler(
  { surface: 'intake', body: (raw, headers) => parseJsonObjectBody(raw, headers, MAX_INTAKE_BODY_BYTES), idempotency: idempotencyKeys() },
  async ({ body, identity, headers, requestId, event }) => {
    const result = await ingestLead(
      {
        tenancy,
        configs,
        intake,
        outreachQueue: queues.get('outreach-calls'),
        scheduler: scheduler.get('default'),
        eventBus: eventBus.get('default'),
      },
      { identity, payload: body, now: new Date(), testMode: isTestMode(headers, event.queryStringParameters) },
    );
    if (result.kind === 'preview') {
      return { statusCode: 200, body: { success: true, test_mode: true, request_id: requestId, ...result.preview } };
    }
    return {
      statusCode: 201,
      body: {
        success: true,
        lead_id: result.leadId,
        stl_call_id: result.stlCallId,
        request_id: requestId,
        team_id: result.preview.team_id,
        outreach: result.preview.outreach,
        ...(result.preview.warnings.length > 0 ? { warnings: result.preview.warnings } : {}),
      },
    };
  },
);
