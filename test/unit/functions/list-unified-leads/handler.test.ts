import type { LeadReadDependencies } from '#shared/adapters/runtime/lead-dependencies';
import type { LeadStore } from '#shared/ports/lead-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: LeadReadDependencies } = {};
jest.mock('#shared/adapters/runtime/lead-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/lead-dependencies'),
  leadDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/list-unified-leads/handler').handler;
beforeAll(async () => {
  functionEnvironment('list-unified-leads');
  ({ handler } = await import('../../../../functions/list-unified-leads/handler'));
});

describe('list-unified-leads', () => {
  it('answers the first page', async () => {
    mockDependencies.current = { leads: fakePort<LeadStore>({ listLeadsByOffset: async () => [] }) };
    const answer = await answerOf(handler, routeEvent('listUnifiedLeads', { headers: { 'x-team-id': '1' } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [] });
  });

  it('refuses a limit that is not valid, naming limit', async () => {
    mockDependencies.current = { leads: failingPort<LeadStore>() };
    const answer = await answerOf(handler, routeEvent('listUnifiedLeads', { headers: { 'x-team-id': '1' }, query: { limit: 'many' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'limit' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { leads: failingPort<LeadStore>() };
    const answer = await answerOf(handler, routeEvent('listUnifiedLeads', { headers: { 'x-team-id': '1' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
