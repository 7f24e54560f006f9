import { intakeDependencies } from '#shared/adapters/runtime/intake-dependencies';
import { ingestLead as ingestLeadContract } from '#shared/contracts/intake';
import { ingestLead } from '#shared/domain/intake/ingest';
import { createHttpHandler } from '#shared/http/handler';
import { idempotencyKeys } from '#shared/http/idempotency';
import { presentIngestLeadCreated, presentIngestPreview } from '#shared/presenters/intake';

const dependencies = intakeDependencies();

/** Test mode: header x-test-mode, else query test_mode, `true` or `1`; any other value ingests. */
function isTestMode(flag: string | undefined): boolean {
  return flag === 'true' || flag === '1';
}

export const handler = createHttpHandler(
  ingestLeadContract,
  async ({ body, identity, headers, query, requestId }) => {
    const result = await ingestLead(dependencies(), {
      identity,
      payload: body,
      now: new Date(),
      testMode: isTestMode(headers['x-test-mode'] ?? query.test_mode),
      ...(query.preset ? { preset: query.preset } : {}),
    });
    if (result.kind === 'preview') return { statusCode: 200, body: presentIngestPreview(result.decision, requestId) };
    return { statusCode: 201, body: presentIngestLeadCreated(result, requestId) };
  },
  { idempotency: idempotencyKeys() },
);
