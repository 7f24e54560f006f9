import type { TenancyDependencies } from '#shared/adapters/runtime/tenancy-dependencies';
import type { TenancyStore } from '#shared/ports/tenancy-store';
import { identity } from '../../../support/factories';
import { answerOf, failingPort, functionEnvironment, routeEvent } from '../../../support/handler-harness';
import { team, tenancyOf } from '../../../support/intake-fakes';

const mockDependencies: { current?: TenancyDependencies } = {};
jest.mock('#shared/adapters/runtime/tenancy-dependencies', () => ({
  ...jest.requireActual('#shared/adapters/runtime/tenancy-dependencies'),
  tenancyDependencies: () => () => mockDependencies.current,
}));

let handler: typeof import('../../../../functions/list-teams/handler').handler;
beforeAll(async () => {
  functionEnvironment('list-teams');
  ({ handler } = await import('../../../../functions/list-teams/handler'));
});

describe('list-teams', () => {
  it('answers the teams the key reaches', async () => {
    mockDependencies.current = { tenancy: tenancyOf([team({ id: 1 }), team({ id: 2 }), team({ id: 9 })]) };
    const answer = await answerOf(handler, routeEvent('listTeams', {}));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: [expect.objectContaining({ id: 1 }), expect.objectContaining({ id: 2 })] });
  });

  it('refuses a key without read:teams', async () => {
    mockDependencies.current = { tenancy: failingPort<TenancyStore>() };
    const answer = await answerOf(handler, routeEvent('listTeams', { identity: identity({ permissions: [] }) }));
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: 'forbidden', message: expect.stringContaining('read:teams') });
  });

  it('answers 500, revealing nothing, when the store fails', async () => {
    mockDependencies.current = { tenancy: failingPort<TenancyStore>() };
    const answer = await answerOf(handler, routeEvent('listTeams', {}));
    expect(answer.status).toBe(500);
    expect(answer.text).not.toContain('store unavailable');
  });
});
