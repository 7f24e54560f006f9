import type { intakeDependencies } from '#shared/adapters/runtime/intake-dependencies';
import type { GoogleLeadFormKeyStore } from '#shared/ports/intake-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
import { basic, setup, singleTeamKey } from '../../../support/ingest-harness';

type Dependencies = ReturnType<ReturnType<typeof intakeDependencies>>;
const mockDependencies: { current?: Dependencies } = {};
jest.mock('#shared/adapters/runtime/intake-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/intake-dependencies'),
  intakeDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/ingest-lead/handler').handler;
beforeAll(async () => {
  functionEnvironment('ingest-lead');
  ({ handler } = await import('../../../../functions/ingest-lead/handler'));
});

/** The intake's in-memory stores and queues (test/support/ingest-harness.ts). */
function world() {
  const { deps } = setup();
  mockDependencies.current = { ...deps, keys: fakePort<GoogleLeadFormKeyStore>() };
  return deps;
}

describe('ingest-lead', () => {
  it('stores the lead, queues its first call and answers 201 with both ids', async () => {
    const deps = world();
    const answer = await answerOf(handler, routeEvent('ingestLead', { identity: singleTeamKey, body: basic }));
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ lead_id: expect.any(Number), stl_call_id: expect.any(Number) });
    expect(deps.outreachQueue.sent).toHaveLength(1);
  });

  it('previews in test mode: answers 200 and stores nothing', async () => {
    const deps = world();
    const answer = await answerOf(
      handler,
      routeEvent('ingestLead', { identity: singleTeamKey, body: basic, headers: { 'x-test-mode': 'true' } }),
    );
    expect(answer.status).toBe(200);
    expect(deps.outreachQueue.sent).toHaveLength(0);
  });

  it('refuses a lead without a phone, naming phone_number', async () => {
    world();
    const answer = await answerOf(handler, routeEvent('ingestLead', { identity: singleTeamKey, body: { name: 'Dana Whitfield' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'phone_number' });
  });

  it('answers 500, revealing nothing, when the stores fail', async () => {
    mockDependencies.current = failingPort<Dependencies>();
    const answer = await answerOf(handler, routeEvent('ingestLead', { identity: singleTeamKey, body: basic }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
