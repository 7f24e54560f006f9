import { identity } from '../../../support/factories';
import { answerOf, functionEnvironment, routeEvent } from '../../../support/handler-harness';

/** The caller's key as its identity tells it: no store is read. */
let handler: typeof import('../../../../functions/get-me/handler').handler;
beforeAll(async () => {
  functionEnvironment('get-me');
  ({ handler } = await import('../../../../functions/get-me/handler'));
});

describe('get-me', () => {
  it('answers the calling key: its id, type and permissions', async () => {
    const answer = await answerOf(handler, routeEvent('getMe', { identity: identity({ keyId: 'key_me', permissions: ['read:teams'] }) }));
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('key_me');
    expect(answer.text).toContain('read:teams');
  });

  it('answers a request the authorizer did not describe as an error, revealing nothing', async () => {
    const answer = await answerOf(handler, routeEvent('getMe', { identity: null }));
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.body).toMatchObject({ request_id: 'req-1' });
  });
});
