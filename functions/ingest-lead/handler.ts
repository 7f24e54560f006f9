import { getDocumentClient } from '#shared/adapters/dynamodb/client';
import { DynamoIntakeConfigStore, DynamoIntakeStore } from '#shared/adapters/dynamodb/intake-store';
import { physicalTableName } from '#shared/adapters/dynamodb/tables';
import { DynamoTenancyStore } from '#shared/adapters/dynamodb/tenancy-store';
import { eventBus } from '#shared/adapters/runtime/event-bus';
import { queues } from '#shared/adapters/runtime/queues';
import { scheduler } from '#shared/adapters/runtime/scheduler';
import { ingestLead as ingestLeadContract } from '#shared/contracts/intake';
import { ingestLead } from '#shared/domain/intake/ingest';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';

const client = getDocumentClient();
const tenancy = new DynamoTenancyStore(client, physicalTableName('teams'));
const configs = new DynamoIntakeConfigStore(client, physicalTableName('teams'));
const intake = new DynamoIntakeStore(client, physicalTableName('leads'));

/** Test mode: header x-test-mode, else query test_mode, `true` or `1`; any other value ingests. */
function isTestMode(flag: string | undefined): boolean {
  return flag === 'true' || flag === '1';
}

export const handler = createHttpHandler(
  ingestLeadContract,
  async ({ body, identity, headers, query, requestId }) => {
    const result = await ingestLead(
      {
        tenancy,
        configs,
        intake,
        outreachQueue: queues.get('outreach-calls'),
        scheduler: scheduler.get('default'),
        eventBus: eventBus.get('default'),
      },
      {
        identity,
        payload: body,
        now: new Date(),
        testMode: isTestMode(headers['x-test-mode'] ?? query.test_mode),
        ...(query.preset ? { preset: query.preset } : {}),
      },
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
  { idempotency: idempotencyKeys() },
);
