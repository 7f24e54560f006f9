import type { SupportTicketReadDependencies } from '#shared/adapters/runtime/call-dependencies';
import type { SupportTicketReads } from '#shared/ports/call-store';
import { answerOf, failingPort, fakePort, functionEnvironment, routeEvent } from '../../../support/handler-harness';

const mockDependencies: { current?: SupportTicketReadDependencies } = {};
jest.mock('#shared/adapters/runtime/call-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/call-dependencies'),
  supportTicketDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/list-support-tickets/handler').handler;
beforeAll(async () => {
  functionEnvironment('list-support-tickets');
  ({ handler } = await import('../../../../functions/list-support-tickets/handler'));
});

describe('list-support-tickets', () => {
  it('answers a page of the enterprise’s tickets', async () => {
    mockDependencies.current = { tickets: fakePort<SupportTicketReads>({ listTickets: async () => [] }) };
    const answer = await answerOf(handler, routeEvent('listSupportTickets', { path: { enterpriseId: '1' } }));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [] });
  });

  it('refuses a limit that is not a number, naming limit', async () => {
    mockDependencies.current = { tickets: failingPort<SupportTicketReads>() };
    const answer = await answerOf(handler, routeEvent('listSupportTickets', { path: { enterpriseId: '1' }, query: { limit: 'many' } }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ field: 'limit' });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { tickets: failingPort<SupportTicketReads>() };
    const answer = await answerOf(handler, routeEvent('listSupportTickets', { path: { enterpriseId: '1' } }));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
